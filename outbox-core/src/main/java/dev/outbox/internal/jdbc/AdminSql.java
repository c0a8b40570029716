/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.stream.Collectors;

/**
 * The operators' SQL: counts, look-ups and the guarded state changes of {@link AdminRepository},
 * written once with the table name filled in.
 *
 * <p>Every state change increments {@code lock_version}, so that the outcome of a send in flight,
 * written only where the version is still the one its claim set, is dropped.
 */
final class AdminSql {

    /** The states of the backlog, which the due index {@code (state, next_retry_at, id)} finds by range. */
    private static final String BACKLOG_STATES = AdminRepository.BACKLOG.stream()
            .map(state -> "'" + state.name() + "'").collect(Collectors.joining(", ", "(", ")"));

    private static final String SUMMARY_COLUMNS = """
            id, message_key, message_type, topic, ordering_key, state, retry_count, next_retry_at,
                last_retry_time, message_id, fail_reason, gmt_create, gmt_modified""";

    private static final String CHANGED = "gmt_modified = ?, lock_version = lock_version + 1";

    /** Due now, with a fresh retry budget. */
    private static final String REDRIVE = "state = 'PENDING', retry_count = 0, next_retry_at = ?, " + CHANGED;

    final String countAll;

    final String countBacklog;

    final String oldestDue;

    final String oldestPending;

    final String findById;

    final String findCurrent;

    final String retry;

    final String suspend;

    final String resume;

    final String skip;

    final String retryFailedBatch;

    private final String table;

    AdminSql(TableName tableName, DatabaseDialect dialect) {
        this.table = tableName.value();
        this.countAll = format("SELECT state, COUNT(*) AS messages FROM %s GROUP BY state");
        this.countBacklog = format("SELECT state, COUNT(*) AS messages FROM %s WHERE state IN " + BACKLOG_STATES
                + " GROUP BY state");
        this.oldestDue = format("""
                SELECT next_retry_at FROM %s WHERE state = 'PENDING' AND next_retry_at <= ?
                ORDER BY next_retry_at LIMIT 1""");
        // The lowest id of the PENDING range is read from the due index's entries (they carry the id); only
        // that one row is then looked up, for its creation time. "id + 0" keeps PostgreSQL from walking the
        // primary key from the oldest row until it meets a PENDING one, which reads the whole delivered history.
        this.oldestPending = format("SELECT gmt_create FROM %1$s WHERE id = (SELECT MIN(id + 0) FROM %1$s "
                + "WHERE state = 'PENDING')");
        this.findById = format("SELECT * FROM %s WHERE id = ?");
        // A locking read on MySQL: under REPEATABLE READ a plain one may see a snapshot older than the state
        // the update before it found.
        this.findCurrent = this.findById + dialect.duplicateLookupLock();
        this.retry = format("UPDATE %s SET " + REDRIVE + " WHERE id = ? AND state IN ('FAILED', 'SUSPENDED')");
        this.suspend = format("UPDATE %s SET state = 'SUSPENDED', " + CHANGED
                + " WHERE id = ? AND state IN ('PENDING', 'FAILED')");
        this.resume = format("UPDATE %s SET state = 'PENDING', next_retry_at = ?, " + CHANGED
                + " WHERE id = ? AND state = 'SUSPENDED'");
        // The note goes before the last error, with the key the row had. MySQL assigns left to right, and a
        // later assignment sees the earlier ones: the reason must be written before the key is cleared.
        this.skip = format("UPDATE %s SET state = 'SUSPENDED',"
                + " fail_reason = CONCAT(?, ordering_key, ?, COALESCE(fail_reason, '')), ordering_key = NULL, "
                + CHANGED + " WHERE id = ? AND ordering_key IS NOT NULL AND state IN " + BACKLOG_STATES);
        this.retryFailedBatch = dialect.updateLowestIds(this.table, REDRIVE, "state = 'FAILED' AND message_type = ?");
    }

    /**
     * @param byState whether the page is filtered by state
     * @param byType whether the page is filtered by message type
     * @return a page of rows after an id, in id order, binding the id, then the state and the type
     * where filtered, then the limit
     */
    String page(boolean byState, boolean byType) {
        return "SELECT " + SUMMARY_COLUMNS + " FROM " + this.table + " WHERE id > ?"
                + (byState ? " AND state = ?" : "") + (byType ? " AND message_type = ?" : "")
                + " ORDER BY id LIMIT ?";
    }

    private String format(String sql) {
        return sql.formatted(this.table);
    }
}
