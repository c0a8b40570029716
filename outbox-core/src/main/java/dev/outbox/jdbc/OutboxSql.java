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
     * unsent row: of each ordering key only the oldest unsent row, its head, is claimable here; the run
     * that follows a claimed head is claimed by {@link #followers(int)}. The table, the scope's filter,
     * the position the scan continues after and the end of the scan's window fill in the blanks.
     */
    private static final String DUE_ROWS = """
            FROM %1$s m
            WHERE m.state = ? AND m.next_retry_at <= ?%2$s%3$s%4$s
              AND %5$s
            ORDER BY m.next_retry_at, m.id
            LIMIT ?""";

    /**
     * The due row a given number of rows into the scan: the end of a claim's window. An index-only read
     * of the due index, so that the claim after it looks at no more rows than the window holds.
     */
    private static final String WINDOW_END = """
            SELECT m.next_retry_at AS due_at, m.id
            FROM %1$s m
            WHERE m.state = ? AND m.next_retry_at <= ?%2$s%3$s
            ORDER BY m.next_retry_at, m.id
            LIMIT 1 OFFSET ?""";

    /**
     * The PENDING rows of one ordering key that follow its claimed head, in id order, up to the first
     * FAILED or SUSPENDED row of the key after the head (which holds the rest of the key). Binds the
     * key, the head's id, the key and the head's id again, the largest id, and the limit.
     */
    private static final String FOLLOWERS = """
            (SELECT %2$s, m.next_retry_at AS due_at
            FROM %1$s m
            WHERE m.ordering_key = ? AND m.state = 'PENDING' AND m.id > ?
              AND m.id < COALESCE((SELECT MIN(b.id) FROM %1$s b
                    WHERE b.ordering_key = ? AND b.state IN ('FAILED', 'SUSPENDED') AND b.id > ?), ?)
            ORDER BY m.id
            LIMIT ?)""";

    /** The due time a claimed row had, which positions the next scan. */
    private static final String DUE_AT = "m.next_retry_at AS due_at";

    final String insert;

    final String findIdByKey;

    final String claimCandidate;

    final String markFailed;

    final String release;

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
        this.release = format("""
                UPDATE %s SET next_retry_at = ?, gmt_modified = ?, lock_version = lock_version + 1
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
     * @return the lease of rows read without locks, each only at the version it was read at: binds the
     * lease end and the time, the ids, then each row's id and version
     */
    String leaseAtVersions(int count) {
        return "UPDATE " + this.table + " SET lock_version = lock_version + 1, next_retry_at = ?, gmt_modified = ?"
                + " WHERE id IN (" + placeholders(count) + ") AND (id, lock_version) IN ("
                + String.join(", ", Collections.nCopies(count, "(?, ?)")) + ")";
    }

    /**
     * @param count how many rows
     * @return the select of the ids, versions and states of rows
     */
    String selectVersions(int count) {
        return "SELECT id, lock_version, state FROM " + this.table + " WHERE id IN (" + placeholders(count) + ")";
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
        return this.dueStatements.computeIfAbsent(scope.filter(), filter -> new DueStatements(this.table, filter,
                this.dialect));
    }

    /**
     * @param keys how many ordering keys
     * @return the select of the runs that follow the claimed heads of that many keys, binding for each
     * what {@link #FOLLOWERS} binds
     */
    String followers(int keys) {
        return String.join("\nUNION ALL\n", Collections.nCopies(keys, FOLLOWERS.formatted(this.table,
                CLAIM_COLUMNS)));
    }

    /**
     * @param scope the topics to claim from
     * @param state the state of the rows
     * @param now the current time
     * @param span the arguments of the position the scan continues after, then of the window's end
     * @param limit the most rows
     * @return the arguments of {@link DueStatements}' statements, but for a lease's
     */
    static List<Object> dueArguments(ClaimScope scope, MessageState state, Instant now, List<Object> span,
            int limit) {
        List<Object> arguments = new ArrayList<>(3 + scope.arguments().size() + span.size());
        arguments.add(state.name());
        arguments.add(Timestamps.toColumn(now));
        arguments.addAll(scope.arguments());
        arguments.addAll(span);
        arguments.add(limit);
        return arguments;
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

    /**
     * The statements that find due rows of one claim scope, each in four forms: scanning from the
     * earliest due row or after a position, to the end or up to the end of a window. Each binds the
     * state, the current time, the scope's topics, the position's arguments, the window end's
     * arguments, and the limit (the offset, for {@link #windowEnd}). The forms after a position
     * continue a scan after the last row a claim took, or after a window that held nothing claimable:
     * rows the claims before moved out of the due range leave entries behind that a scan from the
     * start would step over again. Each accessor takes whether the scan starts after a position and
     * whether it ends at a window's end.
     */
    static final class DueStatements {

        private final String[] selectForUpdateSkipLocked = new String[4];

        private final String[] selectCandidates = new String[4];

        private final String[] claimReturning = new String[4];

        private final String[] windowEnd = new String[2];

        private DueStatements(String table, String scope, DatabaseDialect dialect) {
            String[] after = { "", "\n  AND " + dialect.rowsAfter("m.next_retry_at", "m.id") };
            String[] upTo = { "", "\n  AND " + dialect.rowsUpTo("m.next_retry_at", "m.id") };
            for (int a = 0; a < 2; a++) {
                this.windowEnd[a] = WINDOW_END.formatted(table, scope, after[a]);
                for (int u = 0; u < 2; u++) {
                    String rows = DUE_ROWS.formatted(table, scope, after[a], upTo[u],
                            nothingEarlierUnsent(table, dialect, ""));
                    this.selectForUpdateSkipLocked[2 * a + u] = "SELECT " + CLAIM_COLUMNS + ", " + DUE_AT + "\n"
                            + rows + "\nFOR UPDATE SKIP LOCKED";
                    this.selectCandidates[2 * a + u] = "SELECT m.id, m.lock_version\n" + rows;
                    this.claimReturning[2 * a + u] = "WITH due AS (SELECT m.id, " + DUE_AT + "\n" + rows
                            + "\nFOR UPDATE SKIP LOCKED)\n" + """
                            UPDATE %1$s m SET lock_version = m.lock_version + 1, next_retry_at = ?, gmt_modified = ?
                            FROM due WHERE m.id = due.id
                            RETURNING""".formatted(table) + " " + CLAIM_COLUMNS + ", due.due_at";
                }
            }
        }

        /**
         * @return due rows, locked, skipping locked ones
         */
        String selectForUpdateSkipLocked(boolean after, boolean upTo) {
            return this.selectForUpdateSkipLocked[index(after, upTo)];
        }

        /**
         * @return the ids and versions of due rows, read without locks
         */
        String selectCandidates(boolean after, boolean upTo) {
            return this.selectCandidates[index(after, upTo)];
        }

        /**
         * @return due rows leased in one statement, binding also the lease end and the time
         */
        String claimReturning(boolean after, boolean upTo) {
            return this.claimReturning[index(after, upTo)];
        }

        /**
         * @return the position of the due row at an offset into the scan
         */
        String windowEnd(boolean after) {
            return this.windowEnd[after ? 1 : 0];
        }

        private static int index(boolean after, boolean upTo) {
            return (after ? 2 : 0) + (upTo ? 1 : 0);
        }
    }
}
