/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.OutboxStore;

/**
 * The inbox's statements, each whole, with named parameters, written for the store's inbox table once, at
 * construction ({@link StatementText}). Where the databases differ, each database's statement is written
 * out and chosen here: the insert that is a no-op for a duplicate key, the read of a duplicate's result
 * (a locking read on MySQL, {@link StatementText#latestCommitted}), and the delete of the oldest rows.
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

    final String insert;

    final String recordResult;

    final String forget;

    final String findResult;

    final String deleteConsumedBefore;

    InboxStatements(TableName table, DatabaseDialect dialect) {
        this.insert = forTable(switch (dialect) {
            case MYSQL -> INSERT_MYSQL;
            case POSTGRESQL -> INSERT_POSTGRES;
            case H2 -> INSERT_H2;
        }, table);
        this.recordResult = forTable(RECORD_RESULT, table);
        this.forget = forTable(FORGET, table);
        this.findResult = forTable(StatementText.latestCommitted(FIND_RESULT, dialect), table);
        this.deleteConsumedBefore = forTable(switch (dialect) {
            case MYSQL -> DELETE_CONSUMED_BEFORE_MYSQL;
            case POSTGRESQL, H2 -> DELETE_CONSUMED_BEFORE;
        }, table);
    }

    private static String forTable(String sql, TableName table) {
        return StatementText.forTable(sql, OutboxStore.DEFAULT_INBOX_TABLE, table);
    }
}
