/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.Collections;

/**
 * The outbox's SQL, written once with the table name filled in. The statements of the
 * claim, its runs and the sends' outcomes are in {@link ClaimStatements}.
 */
final class OutboxSql {

    final String insert;

    final String findIdByKey;

    final String findById;

    final String findStateByKey;

    final String markConsumedById;

    private final String table;

    private final DatabaseDialect dialect;

    OutboxSql(TableName tableName, DatabaseDialect dialect) {
        this.table = tableName.value();
        this.dialect = dialect;
        this.insert = format("""
                INSERT INTO %s (gmt_create, gmt_modified, message_key, message_type, topic, message_body,
                    headers, ordering_key, state, retry_count, next_retry_at, lock_version)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, 0)""")
                + dialect.insertConflictClause("message_key, message_type");
        this.findIdByKey = format("SELECT id FROM %s WHERE message_key = ? AND message_type = ?")
                + dialect.duplicateLookupLock();
        this.markConsumedById = format("""
                UPDATE %s SET state = 'CONSUMED', message_id = ?, last_retry_time = ?, gmt_modified = ?,
                    lock_version = lock_version + 1
                WHERE id = ? AND lock_version = ?""");
        // A locking read on MySQL: under REPEATABLE READ a plain one may see a snapshot older than the
        // state the update before it found.
        this.findStateByKey = format("SELECT state FROM %s WHERE message_key = ? AND message_type = ?")
                + dialect.duplicateLookupLock();
        this.findById = format("""
                SELECT id, message_key, message_type, topic, ordering_key, headers, message_body, state,
                    retry_count, next_retry_at, last_retry_time, message_id, fail_reason, gmt_create, gmt_modified
                FROM %s WHERE id = ?""");
    }

    /**
     * Bumps the lock version like every state change, so that the outcome of a send in flight is dropped.
     *
     * @param states how many states the row may be in
     * @return the update of a row, by key and type, to CONSUMED, binding the modification time, the key,
     * the type and the states
     */
    String markConsumed(int states) {
        return "UPDATE " + this.table + " SET state = 'CONSUMED', gmt_modified = ?, lock_version = lock_version + 1"
                + " WHERE message_key = ? AND message_type = ? AND state IN (" + placeholders(states) + ")";
    }

    /**
     * @param count how many rows to check
     * @param sentAlong how many rows go out with them
     * @return the select of those of the rows to check that have no unsent row of their ordering key
     * before them but rows that go out with them, binding the ids of both
     */
    String withNothingEarlierUnsent(int count, int sentAlong) {
        return "SELECT m.id FROM " + this.table + " m\nWHERE m.id IN (" + placeholders(count) + ") AND "
                + nothingEarlierUnsent(this.table, this.dialect, " AND e.id NOT IN (" + placeholders(sentAlong) + ")");
    }

    /**
     * @param table the table
     * @param dialect the database's dialect
     * @param pendingFilter a condition that leaves PENDING rows {@code e} out of the check, or empty
     * @return whether the row {@code m} has no earlier unsent row of its ordering key: no PENDING, FAILED
     * or SUSPENDED row of the key with a smaller id, each state one dive into {@code (ordering_key,
     * state, id)} ({@link DatabaseDialect#noEarlierRowInState})
     */
    private static String nothingEarlierUnsent(String table, DatabaseDialect dialect, String pendingFilter) {
        return "(m.ordering_key IS NULL OR (\n    " + dialect.noEarlierRowInState(table, "PENDING", pendingFilter)
                + "\n    AND " + dialect.noEarlierRowInState(table, "FAILED", "")
                + "\n    AND " + dialect.noEarlierRowInState(table, "SUSPENDED", "") + "))";
    }

    private String format(String sql) {
        return sql.formatted(this.table);
    }

    private static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

}
