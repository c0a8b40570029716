package dev.outbox.jdbc;

/**
 * The outbox table's name, checked to be a plain SQL identifier so that it can be written into
 * SQL text safely.
 *
 * @param value the validated name
 */
public record TableName(String value) {

    /** The table name used when none is configured. */
    public static final String DEFAULT = "local_message";

    /** Leaves room for the index names derived from it ({@code idx_<table>_ordering}) within 64 characters. */
    private static final int MAX_LENGTH = 48;

    /**
     * @throws IllegalArgumentException when the name is not a plain identifier
     */
    public TableName {
        SqlIdentifier.require("outbox table name", value, MAX_LENGTH);
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
