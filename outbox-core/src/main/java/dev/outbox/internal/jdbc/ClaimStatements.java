/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.StringJoiner;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.DatabaseType;
import org.jspecify.annotations.Nullable;

/**
 * The statements that claim due rows, check a hand-off's ordering and write the sends' outcomes, each
 * whole, in one database's SQL, with named parameters, written for the store's table once, at
 * construction ({@link StatementText}). A claim scope's line {@value #SCOPE_LINE} becomes the scope's
 * condition on topics and message types ({@link ClaimScope}), written at the condition's first use.
 *
 * <p>The statements every database reads alike live here; {@link MySqlClaimStatements} and
 * {@link PostgresClaimStatements} hold those that differ: the ordering check that finds a key's head,
 * the scan after a position, and the form of the update to SENT ({@link SentUpdate}).
 */
abstract class ClaimStatements {

    /** The line of a statement that the claim scope's condition replaces. */
    static final String SCOPE_LINE = "  /* scope */";

    /**
     * A window of the due index: the due rows of a scope in due order, with their ordering keys, from
     * which the claim picks its candidates ({@link DueWindows}). The slow retry's claim of FAILED rows leaves
     * out those that failed for good; the flag is read only on FAILED rows (an operator's retry makes such a row
     * PENDING without clearing it), and from the row, after the index entry, like the scope's condition. Every
     * claim statement checks it again.
     */
    private static final String WINDOW = """
            SELECT m.id, m.ordering_key, m.next_retry_at AS due_at
            FROM local_message m
            WHERE m.state = :state AND m.next_retry_at <= :now
              AND (m.state = 'PENDING' OR m.failed_for_good = FALSE)
              /* scope */
            ORDER BY m.next_retry_at, m.id
            LIMIT :limit""";

    /**
     * Locks the given rows that are still due, skipping those another transaction holds: the locked round's lock of
     * its candidates without an ordering key, and of those with one after {@link #selectDueHeads} found them heads.
     * The ordering check is not repeated here: the plain read made it against the latest committed rows, where a
     * head another round holds locked is still unsent and holds back its followers. (The lease path's
     * {@link #lockDueHeads} keeps the check inside its locking select, whose subqueries MariaDB and PostgreSQL read
     * without locks: {@code SkipLockedClaimsContract}.)
     */
    private static final String LOCK_ROWS = """
            SELECT m.id, m.lock_version, m.message_key, m.message_type, m.topic, m.ordering_key, m.headers,
                m.message_body, m.retry_count, m.state, m.gmt_create, m.next_retry_at AS due_at
            FROM local_message m
            WHERE m.id IN (:ids) AND m.state = :state AND m.next_retry_at <= :now
              AND (m.state = 'PENDING' OR m.failed_for_good = FALSE)
            ORDER BY m.next_retry_at, m.id
            FOR UPDATE SKIP LOCKED""";

    /** Leases the rows {@link #lockDueHeads} locked. */
    private static final String LEASE_LOCKED = """
            UPDATE local_message SET lock_version = lock_version + 1, next_retry_at = :leaseUntil, gmt_modified = :now
            WHERE id IN (:ids)""";

    /** Leases one candidate of the optimistic claim, only at the version it was read at. */
    private static final String LEASE_CANDIDATE = """
            UPDATE local_message SET lock_version = lock_version + 1, next_retry_at = :leaseUntil, gmt_modified = :now
            WHERE id = :id AND lock_version = :lockVersion""";

    /** The rows the optimistic claim won. */
    private static final String CLAIMED_ROWS = """
            SELECT m.id, m.lock_version, m.message_key, m.message_type, m.topic, m.ordering_key, m.headers,
                m.message_body, m.retry_count, m.state, m.gmt_create
            FROM local_message m
            WHERE m.id IN (:ids)""";

    /**
     * Each given ordering key's lowest id in a state that holds the key, for the keys that have one: where
     * the run after the key's claimed head ends. Asked once for all keys rather than in each branch of
     * the followers' union: MariaDB took more than twice as long over a union of 50 branches that each
     * carried the subquery.
     */
    private static final String RUN_BOUNDS = """
            SELECT ordering_key, MIN(id) AS blocked_from
            FROM local_message
            WHERE ordering_key IN (:keys) AND state IN (:keyHoldingStates)
            GROUP BY ordering_key""";

    /** Leases the rows of runs, each only at the version it was read at ({@code versions}: id, version). */
    private static final String LEASE_AT_VERSIONS = """
            UPDATE local_message SET lock_version = lock_version + 1, next_retry_at = :leaseUntil, gmt_modified = :now
            WHERE id IN (:ids) AND (id, lock_version) IN (:versions)""";

    /**
     * Extends the leases of rows whose sends are still running, each only at the version its claim set, which
     * stays as it is, so that the sends' outcomes are still written.
     */
    private static final String RENEW_LEASES = """
            UPDATE local_message SET next_retry_at = :leaseUntil
            WHERE id IN (:ids) AND (id, lock_version) IN (:versions)""";

    /** The versions and states of rows: which of a run's rows its lease took. */
    private static final String VERSIONS = """
            SELECT id, lock_version, state
            FROM local_message
            WHERE id IN (:ids)""";

    /**
     * The PENDING rows of one ordering key that follow its claimed head, in id order, up to the key's
     * first row that holds it ({@link #RUN_BOUNDS}): one branch of the union {@link #followers} reads,
     * its parameters numbered per key ({@value #ROW_NUMBER} becomes the branch's number).
     */
    private static final String FOLLOWERS_OF_KEY = """
            (SELECT m.id, m.lock_version, m.message_key, m.message_type, m.topic, m.ordering_key, m.headers,
                m.message_body, m.retry_count, m.state, m.gmt_create, m.next_retry_at AS due_at
            FROM local_message m
            WHERE m.ordering_key = :key_N AND m.state = 'PENDING' AND m.id > :headId_N AND m.id < :blockedFrom_N
            ORDER BY m.id
            LIMIT :limit)""";

    /** The suffix of a parameter of a repeated part, which becomes the part's number. */
    static final String ROW_NUMBER = "_N";

    /**
     * A failed send: the row's next state, retry and reason, and whether it failed for good, guarded by the
     * version its claim set. A FAILED row is due at its failure, or at its slow retry when there is one; the
     * cleanup counts its age from then. A dead-lettered row records its dead letter's id; other failures keep the
     * id the row has.
     */
    private static final String MARK_FAILED = """
            UPDATE local_message SET state = :state, retry_count = :retryCount, fail_reason = :failReason,
                message_id = COALESCE(:messageId, message_id), failed_for_good = :forGood,
                next_retry_at = :nextRetryAt, last_retry_time = :attemptedAt, gmt_modified = :now,
                lock_version = lock_version + 1
            WHERE id = :id AND lock_version = :lockVersion""";

    /** A row handed back unsent, due again at a given time, guarded by the version its claim set. */
    private static final String RELEASE = """
            UPDATE local_message SET next_retry_at = :dueAt, gmt_modified = :now, lock_version = lock_version + 1
            WHERE id = :id AND lock_version = :lockVersion""";

    private final TableName table;

    private final ScopedStatement window;

    private final ScopedStatement windowAfter;

    private final ScopedStatement anyDue;

    final String leaseLocked;

    final String lockRows;

    final String leaseCandidate;

    final String claimedRows;

    final String runBounds;

    final String leaseAtVersions;

    final String renewLeases;

    final String versions;

    private final String followersOfKey;

    /** Each count's union of followers, written at its first use. */
    private final ConcurrentMap<Integer, String> followers = new ConcurrentHashMap<>();

    final String markFailed;

    final String release;

    /**
     * @param table the outbox table
     * @param windowAfter the vendor's {@link #WINDOW} that continues after a position
     * @param anyDue the vendor's select of due rows that their keys do not hold back
     */
    ClaimStatements(TableName table, String windowAfter, String anyDue) {
        this.table = table;
        this.window = perScope(WINDOW);
        this.windowAfter = perScope(windowAfter);
        this.anyDue = perScope(anyDue);
        this.leaseLocked = forTable(LEASE_LOCKED);
        this.lockRows = forTable(LOCK_ROWS);
        this.leaseCandidate = forTable(LEASE_CANDIDATE);
        this.claimedRows = forTable(CLAIMED_ROWS);
        this.runBounds = forTable(RUN_BOUNDS);
        this.leaseAtVersions = forTable(LEASE_AT_VERSIONS);
        this.renewLeases = forTable(RENEW_LEASES);
        this.versions = forTable(VERSIONS);
        this.followersOfKey = forTable(FOLLOWERS_OF_KEY);
        this.markFailed = forTable(MARK_FAILED);
        this.release = forTable(RELEASE);
    }

    /**
     * @param table the outbox table
     * @param dialect the database's dialect
     * @return the database's statements: H2 claims the way MySQL does
     */
    static ClaimStatements of(TableName table, DatabaseType dialect) {
        return switch (dialect) {
            case POSTGRESQL -> new PostgresClaimStatements(table);
            case MYSQL, H2 -> new MySqlClaimStatements(table);
        };
    }

    /**
     * @param scope the topics to claim from
     * @param after whether the scan continues after a position
     * @return the select of a window of due rows, binding {@code state}, {@code now}, the scope's topics,
     * {@code afterDueAt} and {@code afterId} where it continues, and {@code limit}
     */
    final String window(ClaimScope scope, boolean after) {
        return (after ? this.windowAfter : this.window).forScope(scope);
    }

    /**
     * @param scope the topics to look at
     * @return the select of due rows that their keys do not hold back, binding {@code state}, {@code now},
     * the scope's topics and {@code limit}
     */
    final String anyDue(ClaimScope scope) {
        return this.anyDue.forScope(scope);
    }

    /**
     * @return the select, locking and skipping locked rows, of the candidates that are due heads of their
     * keys, binding {@code candidates}, {@code state}, {@code now} and {@code limit}
     */
    abstract String lockDueHeads();

    /**
     * @return the select, without locks, of the ids and versions of the candidates that are due heads,
     * binding what {@link #lockDueHeads} binds
     */
    abstract String selectDueHeads();

    /**
     * @return the lease, in one statement that returns the rows, of the candidates that are due heads,
     * binding what {@link #lockDueHeads} binds and {@code leaseUntil}; null where the database has no such
     * statement and the claim locks, then leases
     */
    abstract @Nullable String claimDueHeads();

    /**
     * @return the select of those of the given rows ({@code ids}) that no unsent row of their ordering key
     * comes before, but the rows sent along with them ({@code sentAlong}): the check of an ordered hand-off
     */
    abstract String withNothingEarlierUnsent();

    /**
     * @param keys how many ordering keys
     * @return the union of the runs after the claimed heads of that many keys, binding for each key
     * {@code key_i}, {@code headId_i} and {@code blockedFrom_i} (i from 0), and {@code limit} per key;
     * written once per count, so that the template parses it once
     */
    final String followers(int keys) {
        return this.followers.computeIfAbsent(keys, count -> numbered(this.followersOfKey, count, "\nUNION ALL\n"));
    }

    /**
     * @return the update of confirmed rows to SENT, in the database's form
     */
    abstract SentUpdate markSent();

    /**
     * @param part a part of a statement with numbered parameters ({@value #ROW_NUMBER})
     * @param count how many times
     * @param separator what goes between two
     * @return the part repeated, each numbered from 0
     */
    static String numbered(String part, int count, String separator) {
        StringJoiner parts = new StringJoiner(separator);
        for (int i = 0; i < count; i++) {
            parts.add(part.replace(ROW_NUMBER, "_" + i));
        }
        return parts.toString();
    }

    /**
     * @param sql a statement written against the default outbox table
     * @return the statement on the store's outbox table, with its state sets written out
     */
    final String forTable(String sql) {
        return StatementText.forOutbox(sql, this.table);
    }

    private ScopedStatement perScope(String sql) {
        if (!sql.contains("\n" + SCOPE_LINE + "\n")) {
            throw new IllegalArgumentException("A scoped statement needs the line '" + SCOPE_LINE + "': " + sql);
        }
        return new ScopedStatement(sql);
    }

    /** A statement with a scope line, written out per scope condition at that condition's first use. */
    private final class ScopedStatement {

        private final String sql;

        private final ConcurrentMap<String, String> byCondition = new ConcurrentHashMap<>();

        ScopedStatement(String sql) {
            this.sql = sql;
        }

        String forScope(ClaimScope scope) {
            return this.byCondition.computeIfAbsent(scope.condition(),
                    condition -> forTable(this.sql.replace("\n" + SCOPE_LINE, condition)));
        }
    }
}
