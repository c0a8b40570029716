/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.Collections;

/**
 * The cleanup's SQL, written once with the table names filled in. The delete and the copy to the archive
 * re-check the state and the age of their rows, so that a row that changed in the meantime stays.
 */
final class CleanupSql {

    private static final String COLUMNS = """
            id, gmt_create, gmt_modified, message_key, message_type, topic, message_body, headers, ordering_key,
            message_id, state, retry_count, next_retry_at, last_retry_time, fail_reason, lock_version""";

    /** Old rows of a state in the order of the {@code (state, gmt_modified, id)} index. */
    private static final String OLDEST = """
            SELECT id, gmt_modified FROM %1$s
            WHERE state = ? AND gmt_modified < ?%2$s
            ORDER BY gmt_modified, id
            LIMIT ?""";

    /** The condition on every row a batch deletes or archives, binding the state and the cutoff. */
    private static final String STILL_OLD = "state = ? AND gmt_modified < ? AND id IN (";

    final String selectOldest;

    final String selectOldestAfter;

    final String lockOldest;

    final String lockOldestAfter;

    private final String table;

    private final String archiveTable;

    CleanupSql(TableName tableName, TableName archiveTableName, DatabaseDialect dialect) {
        this.table = tableName.value();
        this.archiveTable = archiveTableName.value();
        String after = "\n  AND " + dialect.rowsAfter("gmt_modified", "id");
        this.selectOldest = OLDEST.formatted(this.table, "");
        // Continues the index scan after the last row deleted: deleted rows leave index entries behind (until
        // MySQL's purge or PostgreSQL's vacuum) that a scan from the start would step over again.
        this.selectOldestAfter = OLDEST.formatted(this.table, after);
        this.lockOldest = this.selectOldest + " FOR UPDATE";
        this.lockOldestAfter = this.selectOldestAfter + " FOR UPDATE";
    }

    /**
     * @param count how many ids
     * @return the delete of rows by id, binding the state, the cutoff and the ids
     */
    String delete(int count) {
        return "DELETE FROM " + this.table + " WHERE " + STILL_OLD + placeholders(count) + ")";
    }

    /**
     * @param count how many ids
     * @return the copy of rows by id into the archive table, binding the archive time, the state, the
     * cutoff and the ids
     */
    String archive(int count) {
        return "INSERT INTO " + this.archiveTable + " (" + COLUMNS + ", archived_at)\nSELECT " + COLUMNS + ", ?\nFROM "
                + this.table + " WHERE " + STILL_OLD + placeholders(count) + ")";
    }

    private static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }
}
