package dev.outbox.jdbc;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.outbox.MessageState;

/**
 * The outbox's SQL, written once with the table name filled in. Only
 * {@link DatabaseDialect} knows what differs between databases.
 */
final class OutboxSql {

    private static final String CLAIM_COLUMNS = """
            m.id, m.lock_version, m.message_key, m.message_type, m.topic, m.ordering_key, m.headers,
            m.message_body, m.retry_count, m.state, m.gmt_create""";

    /**
     * Rows of the given state that are due, leaving out every row whose ordering key has an earlier
     * unsent row: at most one row per ordering key is ever claimable, the oldest.
     */
    private static final String DUE_ROWS = """
            FROM %1$s m
            WHERE m.state = ? AND m.next_retry_at <= ?%2$s%3$s
              AND (m.ordering_key IS NULL OR NOT EXISTS (
                    SELECT 1 FROM %1$s e
                    WHERE e.ordering_key = m.ordering_key AND e.id < m.id
                      AND e.state IN ('PENDING', 'FAILED', 'SUSPENDED')))
            ORDER BY m.next_retry_at, m.id
            LIMIT ?""";

    /** The due time a claimed row had, which positions the next scan. */
    private static final String DUE_AT = "m.next_retry_at AS due_at";

    final String insert;

    final String findIdByKey;

    final String claimCandidate;

    final String markFailed;

    final String findById;

    final String findStateByKey;

    final String markConsumedById;

    private final String table;

    private final DatabaseDialect dialect;

    /** The claim statements of each scope filter a claimer has used. */
    private final Map<String, DueStatements> dueStatements = new ConcurrentHashMap<>();

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
        this.claimCandidate = format("""
                UPDATE %s SET lock_version = lock_version + 1, next_retry_at = ?, gmt_modified = ?
                WHERE id = ? AND lock_version = ?""");
        this.markFailed = format("""
                UPDATE %s SET state = ?, retry_count = ?, fail_reason = ?, next_retry_at = ?, last_retry_time = ?,
                    gmt_modified = ?, lock_version = lock_version + 1
                WHERE id = ? AND lock_version = ?""");
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
     * @param count how many rows
     * @return the lease update for rows locked by {@link DueStatements#selectForUpdateSkipLocked}
     */
    String leaseLockedRows(int count) {
        return "UPDATE " + this.table + " SET lock_version = lock_version + 1, next_retry_at = ?, gmt_modified = ?"
                + " WHERE id IN (" + placeholders(count) + ")";
    }

    /**
     * One statement for many rows: an update per row costs the database about three times as much.
     *
     * @param count how many rows, all expected at the same lock version
     * @return the update of rows the broker confirmed, binding for each row its id and broker message
     * id, then the attempt time, the modification time, the lock version, and each row's id again
     */
    String markSent(int count) {
        return "UPDATE " + this.table + " SET state = 'SENT', message_id = CASE id"
                + " WHEN ? THEN ?".repeat(count) + " END,"
                + " last_retry_time = ?, gmt_modified = ?, lock_version = lock_version + 1"
                + " WHERE lock_version = ? AND id IN (" + placeholders(count) + ")";
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
     * @param count how many rows
     * @return the select of rows won by {@link #claimCandidate}
     */
    String selectClaimedRows(int count) {
        return "SELECT " + CLAIM_COLUMNS + " FROM " + this.table + " m WHERE m.id IN (" + placeholders(count) + ")";
    }

    /**
     * @param scope the topics to claim from
     * @return the statements that find and claim due rows of those topics
     */
    DueStatements due(ClaimScope scope) {
        return this.dueStatements.computeIfAbsent(scope.filter(), this::dueStatements);
    }

    /**
     * @param scope the topics to claim from
     * @param state the state of the rows
     * @param now the current time
     * @param position the arguments of the position the scan continues after, or none
     * @param limit the most rows
     * @return the arguments of {@link DueStatements}' statements, but for a lease's
     */
    static List<Object> dueArguments(ClaimScope scope, MessageState state, Instant now, List<Object> position,
            int limit) {
        List<Object> arguments = new ArrayList<>(3 + scope.arguments().size() + position.size());
        arguments.add(state.name());
        arguments.add(Timestamps.toColumn(now));
        arguments.addAll(scope.arguments());
        arguments.addAll(position);
        arguments.add(limit);
        return arguments;
    }

    private DueStatements dueStatements(String scope) {
        // The "after" forms continue a scan of the due index after the last row a claim took: rows the
        // claims before moved out of the due range leave entries behind that a scan from the start would
        // step over again.
        String after = this.dialect.rowsAfterPosition();
        return new DueStatements(
                format("SELECT " + CLAIM_COLUMNS + ", " + DUE_AT + "\n" + DUE_ROWS + "\nFOR UPDATE SKIP LOCKED", scope,
                        ""),
                format("SELECT " + CLAIM_COLUMNS + ", " + DUE_AT + "\n" + DUE_ROWS + "\nFOR UPDATE SKIP LOCKED", scope,
                        after),
                format("SELECT m.id, m.lock_version\n" + DUE_ROWS, scope, ""),
                claimDueReturning(scope, ""),
                claimDueReturning(scope, after));
    }

    private String claimDueReturning(String scope, String position) {
        return format("WITH due AS (SELECT m.id, " + DUE_AT + "\n" + DUE_ROWS + "\nFOR UPDATE SKIP LOCKED)\n" + """
                UPDATE %1$s m SET lock_version = m.lock_version + 1, next_retry_at = ?, gmt_modified = ?
                FROM due WHERE m.id = due.id
                RETURNING""" + " " + CLAIM_COLUMNS + ", due.due_at", scope, position);
    }

    private String format(String sql) {
        return sql.formatted(this.table);
    }

    private String format(String sql, String scope, String position) {
        return sql.formatted(this.table, scope, position);
    }

    private static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    /**
     * The statements that find due rows of one claim scope. Each binds the state, the current time, the
     * scope's topics, the position's arguments for the "after" forms, and the limit.
     *
     * @param selectForUpdateSkipLocked due rows, locked, skipping locked ones
     * @param selectForUpdateSkipLockedAfter the same, after a position in the scan
     * @param selectCandidates the ids and versions of due rows, read without locks
     * @param claimReturning due rows leased in one statement, binding also the lease end and the time
     * @param claimReturningAfter the same, after a position in the scan
     */
    record DueStatements(String selectForUpdateSkipLocked, String selectForUpdateSkipLockedAfter,
            String selectCandidates, String claimReturning, String claimReturningAfter) {
    }
}
