/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.DatabaseType;

/**
 * The statements that save a message and read or mark one by its key, each whole, with named parameters,
 * written for the store's table once, at construction ({@link StatementText}). Where the databases differ,
 * each database's statement is written out and chosen here: the insert that is a no-op for a duplicate
 * key, and the read of a duplicate, which is a locking read on MySQL ({@link StatementText#latestCommitted}). The claim's statements are in
 * {@link ClaimStatements}.
 */
final class MessageStatements {

    /**
     * MySQL and MariaDB: a duplicate updates nothing. The drivers report a found row, so only the absence
     * of a generated key tells a duplicate apart ({@link InsertUnlessExists}).
     */
    private static final String INSERT_MYSQL = """
            INSERT INTO local_message (gmt_create, gmt_modified, message_key, message_type, topic, message_body,
                headers, ordering_key, state, retry_count, next_retry_at, lock_version)
            VALUES (:createdAt, :createdAt, :key, :type, :topic, :body, :headers, :orderingKey, 'PENDING', 0, :dueAt, 0)
            ON DUPLICATE KEY UPDATE id = id""";

    /** PostgreSQL: a duplicate inserts nothing and raises no error, which would abort the transaction. */
    private static final String INSERT_POSTGRES = """
            INSERT INTO local_message (gmt_create, gmt_modified, message_key, message_type, topic, message_body,
                headers, ordering_key, state, retry_count, next_retry_at, lock_version)
            VALUES (:createdAt, :createdAt, :key, :type, :topic, :body, :headers, :orderingKey, 'PENDING', 0, :dueAt, 0)
            ON CONFLICT (message_key, message_type) DO NOTHING""";

    /** H2 has no such clause; a duplicate key there fails only the statement, not the transaction. */
    private static final String INSERT_H2 = """
            INSERT INTO local_message (gmt_create, gmt_modified, message_key, message_type, topic, message_body,
                headers, ordering_key, state, retry_count, next_retry_at, lock_version)
            VALUES (:createdAt, :createdAt, :key, :type, :topic, :body, :headers, :orderingKey, 'PENDING', 0, :dueAt, 0)""";

    private static final String FIND_ID_BY_KEY = """
            SELECT id FROM local_message WHERE message_key = :key AND message_type = :type""";

    private static final String FIND_STATE_BY_KEY = """
            SELECT state FROM local_message WHERE message_key = :key AND message_type = :type""";

    private static final String FIND_BY_ID = """
            SELECT id, message_key, message_type, topic, ordering_key, headers, message_body, state,
                retry_count, next_retry_at, last_retry_time, message_id, fail_reason, gmt_create, gmt_modified
            FROM local_message
            WHERE id = :id""";

    /**
     * A claimed message consumed in the caller's transaction, while its claim still holds it; the lock
     * version moves on like on every state change, so that the outcome of a send in flight is dropped.
     * As SENT does, CONSUMED sets the due time to when the row reached it: the cleanup counts the row's age
     * from it ({@link CleanupStatements}).
     */
    private static final String MARK_CONSUMED_BY_ID = """
            UPDATE local_message SET state = 'CONSUMED', message_id = :deliveredBy, last_retry_time = :attemptedAt,
                next_retry_at = :now, gmt_modified = :now, lock_version = lock_version + 1
            WHERE id = :id AND lock_version = :lockVersion""";

    /**
     * A message consumed by its key, if it is in one of the states it may leave ({@code from}); its due time
     * becomes the time it was consumed, as in {@link #MARK_CONSUMED_BY_ID}.
     */
    private static final String MARK_CONSUMED = """
            UPDATE local_message SET state = 'CONSUMED', next_retry_at = :now, gmt_modified = :now,
                lock_version = lock_version + 1
            WHERE message_key = :key AND message_type = :type AND state IN (:from)""";

    final String insert;

    final String findIdByKey;

    final String findStateByKey;

    final String findById;

    final String markConsumedById;

    final String markConsumed;

    MessageStatements(TableName table, DatabaseType dialect) {
        this.insert = StatementText.forOutbox(switch (dialect) {
            case MYSQL -> INSERT_MYSQL;
            case POSTGRESQL -> INSERT_POSTGRES;
            case H2 -> INSERT_H2;
        }, table);
        this.findIdByKey = StatementText.forOutbox(StatementText.latestCommitted(FIND_ID_BY_KEY, dialect), table);
        this.findStateByKey = StatementText.forOutbox(StatementText.latestCommitted(FIND_STATE_BY_KEY, dialect),
                table);
        this.findById = StatementText.forOutbox(FIND_BY_ID, table);
        this.markConsumedById = StatementText.forOutbox(MARK_CONSUMED_BY_ID, table);
        this.markConsumed = StatementText.forOutbox(MARK_CONSUMED, table);
    }
}
