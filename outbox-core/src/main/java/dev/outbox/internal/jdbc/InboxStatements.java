/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;

/**
 * The inbox's statements, each whole, with named parameters, written for the store's inbox table once, at
 * construction ({@link StatementText}). Where the databases differ, each database's statement is written
 * out and chosen here: the insert that is a no-op for a duplicate key, the read of a duplicate's result
 * (a locking read on MySQL, {@link StatementText#latestCommitted}), the delete of the oldest rows, and the
 * start of a consumer group's position in a key's sequence, in the inbox table's sequence table
 * ({@link TableName#sequenceTable}).
 */
final class InboxStatements {

    /** MySQL and MariaDB: a duplicate updates nothing, and returns no generated key. */
    private static final String INSERT_MYSQL = """
            INSERT INTO consumed_message (consumer_group, idempotency_key, message_type, consumed_at)
            VALUES (:consumerGroup, :idempotencyKey, :messageType, :consumedAt)
            ON DUPLICATE KEY UPDATE id = id""";

    /** PostgreSQL: a duplicate inserts nothing and raises no error, which would abort the transaction. */
    private static final String INSERT_POSTGRES = """
            INSERT INTO consumed_message (consumer_group, idempotency_key, message_type, consumed_at)
            VALUES (:consumerGroup, :idempotencyKey, :messageType, :consumedAt)
            ON CONFLICT (idempotency_key, consumer_group) DO NOTHING""";

    /** H2 has no such clause; a duplicate key there fails only the statement, not the transaction. */
    private static final String INSERT_H2 = """
            INSERT INTO consumed_message (consumer_group, idempotency_key, message_type, consumed_at)
            VALUES (:consumerGroup, :idempotencyKey, :messageType, :consumedAt)""";

    private static final String RECORD_RESULT = """
            UPDATE consumed_message SET result = :result WHERE id = :id""";

    private static final String RECORD_RESULT_BY_KEY = """
            UPDATE consumed_message SET result = :result
            WHERE idempotency_key = :idempotencyKey AND consumer_group = :consumerGroup""";

    private static final String FORGET = """
            DELETE FROM consumed_message WHERE id = :id""";

    private static final String FIND_RESULT = """
            SELECT result FROM consumed_message WHERE idempotency_key = :idempotencyKey AND consumer_group = :consumerGroup""";

    /** MySQL and MariaDB limit the DELETE itself; they do not allow LIMIT in an IN subquery. */
    private static final String DELETE_CONSUMED_BEFORE_MYSQL = """
            DELETE FROM consumed_message
            WHERE consumed_at < :cutoff
            ORDER BY consumed_at
            LIMIT :limit""";

    /** PostgreSQL and H2 have no DELETE … LIMIT: they delete the ids a limited subquery selects. */
    private static final String DELETE_CONSUMED_BEFORE = """
            DELETE FROM consumed_message
            WHERE id IN (SELECT id FROM consumed_message WHERE consumed_at < :cutoff ORDER BY consumed_at LIMIT :limit)""";

    /**
     * MySQL and MariaDB: a group's first message of a key starts its position at 0; for a position that exists,
     * the no-op update still locks its row.
     */
    private static final String START_POSITION_MYSQL = """
            INSERT INTO consumed_message_sequence (consumer_group, ordering_key, last_sequence, consumed_at)
            VALUES (:consumerGroup, :orderingKey, 0, :consumedAt)
            ON DUPLICATE KEY UPDATE last_sequence = last_sequence""";

    private static final String START_POSITION_POSTGRES = """
            INSERT INTO consumed_message_sequence (consumer_group, ordering_key, last_sequence, consumed_at)
            VALUES (:consumerGroup, :orderingKey, 0, :consumedAt)
            ON CONFLICT (consumer_group, ordering_key) DO NOTHING""";

    private static final String START_POSITION_H2 = """
            MERGE INTO consumed_message_sequence existing
            USING (VALUES (CAST(:consumerGroup AS VARCHAR(256)), CAST(:orderingKey AS VARCHAR(256))))
                started (consumer_group, ordering_key)
                ON existing.consumer_group = started.consumer_group AND existing.ordering_key = started.ordering_key
            WHEN NOT MATCHED THEN INSERT (consumer_group, ordering_key, last_sequence, consumed_at)
                VALUES (started.consumer_group, started.ordering_key, 0, :consumedAt)""";

    /** Holds the position until the consumer's transaction ends: the group's deliveries of a key go one at a time. */
    private static final String LOCK_POSITION = """
            SELECT last_sequence FROM consumed_message_sequence
            WHERE consumer_group = :consumerGroup AND ordering_key = :orderingKey
            FOR UPDATE""";

    private static final String ADVANCE_POSITION = """
            UPDATE consumed_message_sequence SET last_sequence = :sequence, consumed_at = :consumedAt
            WHERE consumer_group = :consumerGroup AND ordering_key = :orderingKey""";

    final String insert;

    final String recordResult;

    final String recordResultByKey;

    final String forget;

    final String findResult;

    final String deleteConsumedBefore;

    final String startPosition;

    final String lockPosition;

    final String advancePosition;

    InboxStatements(TableName table, DatabaseType dialect) {
        this.insert = forTable(switch (dialect) {
            case MYSQL -> INSERT_MYSQL;
            case POSTGRESQL -> INSERT_POSTGRES;
            case H2 -> INSERT_H2;
        }, table);
        this.recordResult = forTable(RECORD_RESULT, table);
        this.recordResultByKey = forTable(RECORD_RESULT_BY_KEY, table);
        this.forget = forTable(FORGET, table);
        this.findResult = forTable(StatementText.latestCommitted(FIND_RESULT, dialect), table);
        this.deleteConsumedBefore = forTable(switch (dialect) {
            case MYSQL -> DELETE_CONSUMED_BEFORE_MYSQL;
            case POSTGRESQL, H2 -> DELETE_CONSUMED_BEFORE;
        }, table);
        this.startPosition = forPositions(switch (dialect) {
            case MYSQL -> START_POSITION_MYSQL;
            case POSTGRESQL -> START_POSITION_POSTGRES;
            case H2 -> START_POSITION_H2;
        }, table);
        this.lockPosition = forPositions(LOCK_POSITION, table);
        this.advancePosition = forPositions(ADVANCE_POSITION, table);
    }

    private static String forTable(String sql, TableName table) {
        return StatementText.forTable(sql, OutboxStore.DEFAULT_INBOX_TABLE, table);
    }

    private static String forPositions(String sql, TableName table) {
        return StatementText.forSequenceTable(sql, OutboxStore.DEFAULT_INBOX_TABLE, table);
    }
}
