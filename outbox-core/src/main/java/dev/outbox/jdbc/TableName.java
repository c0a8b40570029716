/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.jdbc;

/**
 * The name of the outbox's, the inbox's or the archive's table, checked to be a plain SQL identifier so that it
 * can be written into SQL text safely.
 *
 * @param value the validated name
 */
public record TableName(String value) {

    /** The outbox table's name when none is configured. */
    public static final String DEFAULT = "local_message";

    /** The inbox table's name when none is configured. */
    public static final String DEFAULT_INBOX = "consumed_message";

    /** The archive table's name when none is configured, where the cleanup may copy the rows it deletes. */
    public static final String DEFAULT_ARCHIVE = "local_message_archive";

    /** Leaves room for the index names derived from it ({@code idx_<table>_ordering}) within 64 characters. */
    private static final int MAX_LENGTH = 48;

    /**
     * @param value the validated name
     * @throws IllegalArgumentException when the name is not a plain identifier
     */
    public TableName {
        SqlIdentifier.require("table name", value, MAX_LENGTH);
    }

    /**
     * @return the default outbox table, {@value #DEFAULT}
     */
    public static TableName defaultName() {
        return new TableName(DEFAULT);
    }

    /**
     * @return the default inbox table, {@value #DEFAULT_INBOX}
     */
    public static TableName defaultInboxName() {
        return new TableName(DEFAULT_INBOX);
    }

    /**
     * @return the default archive table, {@value #DEFAULT_ARCHIVE}
     */
    public static TableName defaultArchiveName() {
        return new TableName(DEFAULT_ARCHIVE);
    }

    @Override
    public String toString() {
        return this.value;
    }
}
