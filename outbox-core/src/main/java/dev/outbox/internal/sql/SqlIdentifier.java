/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.sql;

import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Checks that a name is a plain SQL identifier, the only kind of user text the outbox ever writes
 * into SQL: letters, digits and underscores, starting with a letter or underscore.
 */
public final class SqlIdentifier {

    /** The longest identifier every supported database accepts (PostgreSQL's limit). */
    public static final int MAX_LENGTH = 63;

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private SqlIdentifier() {
    }

    /**
     * @param description what the name is, for the error, e.g. {@code "outbox table name"}
     * @param value the name
     * @param maxLength the most characters allowed
     * @return the name, when it is a plain identifier
     * @throws IllegalArgumentException naming the name and the rule, when it is not
     */
    public static String require(String description, String value, int maxLength) {
        String problem = problem(value, maxLength);
        if (problem != null) {
            throw new IllegalArgumentException(description + " " + problem);
        }
        return value;
    }

    /**
     * @param value a name
     * @param maxLength the most characters allowed
     * @return what is wrong with the name ("'x y' is not a plain SQL identifier: ..."), or null when it is a
     * plain identifier
     */
    public static @Nullable String problem(String value, int maxLength) {
        if (value.length() > maxLength || !IDENTIFIER.matcher(value).matches()) {
            return "'" + value + "' is not a plain SQL identifier: use letters, digits and underscores, "
                    + "start with a letter or underscore, at most " + maxLength + " characters";
        }
        return null;
    }
}
