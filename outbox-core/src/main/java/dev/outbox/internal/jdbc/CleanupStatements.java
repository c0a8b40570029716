/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;

/**
 * The cleanup's statements, each whole, with named parameters, written for the store's outbox and archive
 * tables once, at construction ({@link StatementText}). The delete and the copy to the archive check the
 * state and the age of their rows again, so that a row that changed in the meantime stays. Where the
 * databases differ, each database's statement is written out and chosen here: the select that continues
 * after the last row of the previous batch.
 *
 * <p>A row's age is counted from its {@code next_retry_at}, so that the due index {@code (state,
 * next_retry_at, id)} finds old rows and no index of the cleanup's own has to be kept up on every write. Each
 * statement that ends in SENT or CONSUMED sets it to the time it does; a FAILED row's is the time it failed,
 * or its next slow retry when there is one. Rows sent before the statements set it (migration V5) carry the
 * end of their last lease instead, within one lease of their send.
 */
final class CleanupStatements {

    /** Old rows of a state in the order of the due index. */
    private static final String OLDEST = """
            SELECT id, next_retry_at AS due_at FROM local_message
            WHERE state = :state AND next_retry_at < :cutoff
            ORDER BY next_retry_at, id
            LIMIT :limit""";

    /**
     * Continues the index scan after the last row of the previous batch: deleted rows leave index entries
     * behind (until MySQL's purge or PostgreSQL's vacuum) that a scan from the start would step over again.
     * MySQL, MariaDB and H2 turn this OR form into bounds of the index scan (the plan tests check it).
     */
    private static final String OLDEST_AFTER_MYSQL = """
            SELECT id, next_retry_at AS due_at FROM local_message
            WHERE state = :state AND next_retry_at < :cutoff
              AND (next_retry_at > :afterDueAt OR (next_retry_at = :afterDueAt AND id > :afterId))
            ORDER BY next_retry_at, id
            LIMIT :limit""";

    /** PostgreSQL bounds the index scan by a row comparison; the OR form it only filters by. */
    private static final String OLDEST_AFTER_POSTGRES = """
            SELECT id, next_retry_at AS due_at FROM local_message
            WHERE state = :state AND next_retry_at < :cutoff
              AND (next_retry_at, id) > (:afterDueAt, :afterId)
            ORDER BY next_retry_at, id
            LIMIT :limit""";

    private static final String DELETE = """
            DELETE FROM local_message WHERE state = :state AND next_retry_at < :cutoff AND id IN (:ids)""";

    private static final String ARCHIVE = """
            INSERT INTO local_message_archive (id, gmt_create, gmt_modified, message_key, message_type, topic,
                message_body, headers, ordering_key, message_id, state, retry_count, next_retry_at, last_retry_time,
                fail_reason, lock_version, archived_at)
            SELECT id, gmt_create, gmt_modified, message_key, message_type, topic,
                message_body, headers, ordering_key, message_id, state, retry_count, next_retry_at, last_retry_time,
                fail_reason, lock_version, :archivedAt
            FROM local_message
            WHERE state = :state AND next_retry_at < :cutoff AND id IN (:ids)""";

    /** Binds {@code state}, {@code cutoff} and {@code limit}; returns {@code id} and {@code due_at}. */
    final String selectOldest;

    /** Binds what {@link #selectOldest} binds and {@code afterDueAt} and {@code afterId}. */
    final String selectOldestAfter;

    /** {@link #selectOldest}, locking the rows it returns. */
    final String lockOldest;

    /** {@link #selectOldestAfter}, locking the rows it returns. */
    final String lockOldestAfter;

    /** Binds {@code state}, {@code cutoff} and {@code ids}. */
    final String delete;

    /** Binds {@code archivedAt}, {@code state}, {@code cutoff} and {@code ids}. */
    final String archive;

    CleanupStatements(TableName table, TableName archiveTable, DatabaseType dialect) {
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
