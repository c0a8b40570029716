/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.sql;

import java.util.Locale;
import java.util.Set;

/**
 * The reserved words of MySQL 8, MariaDB 10.6+, PostgreSQL 12+ and H2 2.x that a table name can hit: the outbox
 * writes its table names into SQL unquoted, so a table called {@code order} or {@code user} would make every
 * statement on it a syntax error on one database or another. Not every keyword of the four, only those that a
 * plain identifier cannot be there, case-insensitively.
 */
final class ReservedWords {

    private static final Set<String> WORDS = Set.of(
            // Reserved on all or most of them.
            "all", "alter", "and", "any", "array", "as", "asc", "between", "both", "by", "case", "cast", "check",
            "collate", "column", "constraint", "create", "cross", "current_date", "current_time",
            "current_timestamp", "current_user", "default", "delete", "desc", "distinct", "drop", "else", "end",
            "except", "exists", "false", "fetch", "for", "foreign", "from", "full", "grant", "group", "groups",
            "having", "if", "in", "inner", "insert", "intersect", "interval", "into", "is", "join", "key", "lateral",
            "leading", "left", "like", "limit", "localtime", "localtimestamp", "natural", "not", "null", "of",
            "offset", "on", "or", "order", "outer", "over", "partition", "primary", "range", "references", "right",
            "row", "rows", "select", "session_user", "set", "some", "symmetric", "system_user", "table", "then",
            "to", "trailing", "true", "union", "unique", "update", "user", "using", "values", "when", "where",
            "window", "with",
            // MySQL and MariaDB.
            "accessible", "add", "analyze", "before", "call", "cascade", "change", "condition", "continue",
            "convert", "cursor", "database", "databases", "declare", "delayed", "describe", "div", "dual", "each",
            "elseif", "exit", "explain", "force", "fulltext", "function", "generated", "get", "ignore", "index",
            "inout", "iterate", "keys", "kill", "lag", "lead", "leave", "lines", "load", "lock", "loop", "match",
            "mod", "option", "out", "procedure", "purge", "rank", "read", "recursive", "regexp", "release", "rename",
            "repeat", "replace", "require", "resignal", "restrict", "return", "returning", "revoke", "rlike", "schema",
            "schemas", "separator", "show", "signal", "spatial", "sql", "starting", "stored", "system", "terminated",
            "trigger", "undo", "unlock", "usage", "use", "virtual", "while", "write", "xor",
            // PostgreSQL.
            "analyse", "asymmetric", "authorization", "binary", "collation", "concurrently", "current_catalog",
            "current_role", "current_schema", "deferrable", "do", "freeze", "ilike", "initially", "isnull",
            "notnull", "only", "overlaps", "placing", "similar", "tablesample", "variadic", "verbose",
            // H2.
            "day", "hour", "minus", "minute", "month", "qualify", "rownum", "second", "top", "uescape", "unknown",
            "value", "year", "_rowid_");

    private ReservedWords() {
    }

    /**
     * @param name a plain SQL identifier
     * @return whether one of the supported databases reserves it
     */
    static boolean contains(String name) {
        return WORDS.contains(name.toLowerCase(Locale.ROOT));
    }
}
