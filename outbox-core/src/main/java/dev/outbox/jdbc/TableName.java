package dev.outbox.jdbc;

import java.util.regex.Pattern;

/**
 * The outbox table's name, checked to be a plain SQL identifier so that it can be written into
 * SQL text safely.
 *
 * @param value the validated name
 */
public record TableName(String value) {

    /** The table name used when none is configured. */
    public static final String DEFAULT = "local_message";

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,47}");

    /**
     * @throws IllegalArgumentException when the name is not a plain identifier
     */
    public TableName {
        if (!IDENTIFIER.matcher(value).matches()) {
            throw new IllegalArgumentException("outbox table name '" + value
                    + "' is not a plain SQL identifier: use letters, digits and underscores, "
                    + "start with a letter or underscore, at most 48 characters");
        }
    }

    /**
     * @return the default table, {@value #DEFAULT}
     */
    public static TableName defaultName() {
        return new TableName(DEFAULT);
    }

    @Override
    public String toString() {
        return this.value;
    }
}
