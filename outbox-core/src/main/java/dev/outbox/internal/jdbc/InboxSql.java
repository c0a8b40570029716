/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

/**
 * The inbox's SQL, written once with the table name filled in. Only {@link DatabaseDialect} knows
 * what differs between databases.
 */
final class InboxSql {

    final String insert;

    final String recordResult;

    final String forget;

    final String findResult;

    final String deleteConsumedBefore;

    InboxSql(TableName tableName, DatabaseDialect dialect) {
        String table = tableName.value();
        this.insert = """
                INSERT INTO %s (consumer_group, idempotency_key, message_type, consumed_at)
                VALUES (?, ?, ?, ?)""".formatted(table)
                + dialect.insertConflictClause("idempotency_key, consumer_group");
        this.recordResult = "UPDATE %s SET result = ? WHERE id = ?".formatted(table);
        this.forget = "DELETE FROM %s WHERE id = ?".formatted(table);
        this.findResult = "SELECT result FROM %s WHERE idempotency_key = ? AND consumer_group = ?".formatted(table)
                + dialect.duplicateLookupLock();
        this.deleteConsumedBefore = dialect.deleteOldest(table, "consumed_at");
    }
}
