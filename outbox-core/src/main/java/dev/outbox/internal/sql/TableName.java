/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.sql;

import org.jspecify.annotations.Nullable;

/**
 * The name of the outbox's, the inbox's or the archive's table, checked to be a plain SQL identifier so that it
 * can be written into SQL text safely.
 *
 * @param value the validated name
 */
public record TableName(String value) {

    /** Leaves room for the index names derived from it ({@code idx_<table>_ordering}) within 64 characters. */
    /** The outbox table's name when none is given, whose migrations keep the shared history table. */
    public static final String DEFAULT_OUTBOX_TABLE = "local_message";

    private static final int MAX_LENGTH = 48;

    private static final String SEQUENCE_SUFFIX = "_sequence";

    private static final String SWITCH_SUFFIX = "_switch";

    private static final String IDEMPOTENCY_SUFFIX = "_idempotency";

    private static final String HISTORY_SUFFIX = "_flyway_history";

    /** The one history table of every store before each store had its own: the default outbox table's still. */
    public static final String SHARED_HISTORY_TABLE = "outbox_schema_history";

    /**
     * @param value the validated name
     * @throws IllegalArgumentException when the name is not a plain identifier, or is a reserved word
     */
    public TableName {
        String problem = problem(value);
        if (problem != null) {
            throw new IllegalArgumentException("table name " + problem);
        }
    }

    /**
     * @param value a table name
     * @return what is wrong with it, or null when it is a plain identifier of at most 48 characters that no
     * supported database reserves
     */
    public static @Nullable String problem(String value) {
        String problem = SqlIdentifier.problem(value, MAX_LENGTH);
        if (problem == null && ReservedWords.contains(value)) {
            return "'" + value + "' is a reserved word of SQL on MySQL, MariaDB, PostgreSQL or H2: choose another "
                    + "name, for example " + value + "_outbox";
        }
        return problem;
    }

    /**
     * @return the name of the table beside this one that holds its per-key sequences ({@code <table>_sequence},
     * as the migrations name it): the outbox's counters, or the inbox's consumed positions
     */
    public String sequenceTable() {
        return this.value + SEQUENCE_SUFFIX;
    }

    /**
     * @return the name of the table beside the outbox table that holds the message types an operator switched away
     * from their broker ({@code <table>_switch}, as the migrations name it)
     */
    public String switchTable() {
        return this.value + SWITCH_SUFFIX;
    }

    /**
     * @return the name of the Flyway history table of the migrations that create this outbox table and the tables
     * beside it: {@code outbox_schema_history} for the default outbox table, as before each store had a history of
     * its own, else {@code <table>_flyway_history}
     */
    public String historyTable() {
        return this.value.equalsIgnoreCase(DEFAULT_OUTBOX_TABLE) ? SHARED_HISTORY_TABLE
                : this.value + HISTORY_SUFFIX;
    }

    /**
     * @return the name of the table beside the outbox table that holds the idempotency keys of requests
     * ({@code <table>_idempotency}, as the migrations name it)
     */
    public String idempotencyTable() {
        return this.value + IDEMPOTENCY_SUFFIX;
    }

    @Override
    public String toString() {
        return this.value;
    }
}
