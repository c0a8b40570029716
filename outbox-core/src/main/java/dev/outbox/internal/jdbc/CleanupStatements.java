/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.OutboxStore;

/**
 * The cleanup's statements, each whole, with named parameters, written for the store's outbox and archive
 * tables once, at construction ({@link StatementText}). The delete and the copy to the archive check the
 * state and the age of their rows again, so that a row that changed in the meantime stays. Where the
 * databases differ, each database's statement is written out and chosen here: the select that continues
 * after the last row of the previous batch.
 */
final class CleanupStatements {

    /** Old rows of a state in the order of the {@code (state, gmt_modified, id)} index. */
    private static final String OLDEST = """
            SELECT id, gmt_modified FROM local_message
            WHERE state = :state AND gmt_modified < :cutoff
            ORDER BY gmt_modified, id
            LIMIT :limit""";

    /**
     * Continues the index scan after the last row of the previous batch: deleted rows leave index entries
     * behind (until MySQL's purge or PostgreSQL's vacuum) that a scan from the start would step over again.
     * MySQL, MariaDB and H2 turn this OR form into bounds of the index scan (the plan tests check it).
     */
    private static final String OLDEST_AFTER_MYSQL = """
            SELECT id, gmt_modified FROM local_message
            WHERE state = :state AND gmt_modified < :cutoff
              AND (gmt_modified > :afterModifiedAt OR (gmt_modified = :afterModifiedAt AND id > :afterId))
            ORDER BY gmt_modified, id
            LIMIT :limit""";

    /** PostgreSQL bounds the index scan by a row comparison; the OR form it only filters by. */
    private static final String OLDEST_AFTER_POSTGRES = """
            SELECT id, gmt_modified FROM local_message
            WHERE state = :state AND gmt_modified < :cutoff
              AND (gmt_modified, id) > (:afterModifiedAt, :afterId)
            ORDER BY gmt_modified, id
            LIMIT :limit""";

    private static final String DELETE = """
            DELETE FROM local_message WHERE state = :state AND gmt_modified < :cutoff AND id IN (:ids)""";

    private static final String ARCHIVE = """
            INSERT INTO local_message_archive (id, gmt_create, gmt_modified, message_key, message_type, topic,
                message_body, headers, ordering_key, message_id, state, retry_count, next_retry_at, last_retry_time,
                fail_reason, lock_version, archived_at)
            SELECT id, gmt_create, gmt_modified, message_key, message_type, topic,
                message_body, headers, ordering_key, message_id, state, retry_count, next_retry_at, last_retry_time,
                fail_reason, lock_version, :archivedAt
            FROM local_message
            WHERE state = :state AND gmt_modified < :cutoff AND id IN (:ids)""";

    final String selectOldest;

    final String selectOldestAfter;

    final String lockOldest;

    final String lockOldestAfter;

    /** Binds {@code state}, {@code cutoff} and {@code ids}. */
    final String delete;

    /** Binds {@code archivedAt}, {@code state}, {@code cutoff} and {@code ids}. */
    final String archive;

    CleanupStatements(TableName table, TableName archiveTable, DatabaseDialect dialect) {
        String after = switch (dialect) {
            case MYSQL, H2 -> OLDEST_AFTER_MYSQL;
            case POSTGRESQL -> OLDEST_AFTER_POSTGRES;
        };
        this.selectOldest = StatementText.forOutbox(OLDEST, table);
        this.selectOldestAfter = StatementText.forOutbox(after, table);
        this.lockOldest = StatementText.forOutbox(StatementText.locking(OLDEST), table);
        this.lockOldestAfter = StatementText.forOutbox(StatementText.locking(after), table);
        this.delete = StatementText.forOutbox(DELETE, table);
        this.archive = StatementText.forOutbox(
                StatementText.forTable(ARCHIVE, OutboxStore.DEFAULT_ARCHIVE_TABLE, archiveTable), table);
    }
}
