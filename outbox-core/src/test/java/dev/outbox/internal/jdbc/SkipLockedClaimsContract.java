/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import javax.sql.DataSource;

import dev.outbox.message.MessageState;
import dev.outbox.testing.TestDatabase;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.ParsedSql;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The skip-locked claims on a real server while another instance's claim holds the head of an ordering key
 * locked: its follower must not be taken for the key's head, neither by the lease path's claim nor by the locked
 * round's, of PENDING rows or of FAILED ones (the slow retry). The claims' scans start after the head, so that the
 * follower is a candidate and the ordering check alone keeps it back. A check that read the key's rows with locks
 * under {@code SKIP LOCKED} would pass over the locked head and take the follower for a head; the lease path's
 * locking select carries its check as subqueries, which must stay plain reads (they are, on MariaDB and PostgreSQL).
 * Also what the claims read on the way: the locked round locks rows without a key without reading heads, and a
 * claim whose first candidates are all locked elsewhere takes the rest of the same window without reading another.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SkipLockedClaimsContract {

    private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");

    private static final Instant DUE_AT = NOW.minusSeconds(60);

    private static final Instant LEASE_UNTIL = NOW.plus(Duration.ofSeconds(30));

    private static final int LIMIT = 10;

    private TestDatabase database;

    /** Another instance's connection. */
    private DataSource otherInstance;

    private JdbcTemplate jdbc;

    private TransactionTemplate readCommitted;

    private SkipLockedClaims claims;

    private ClaimStatements statements;

    /** The statements the claims ran, in order. */
    private final List<String> ran = new CopyOnWriteArrayList<>();

    private long head;

    private long follower;

    private long unordered;

    abstract TestDatabase.Kind kind();

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(kind(), "skiplocked_" + kind().name());
        this.database.migrate();
        DataSource dataSource = this.database.newDataSource(2);
        this.otherInstance = this.database.newDataSource(1);
        this.jdbc = new JdbcTemplate(dataSource);
        NamedParameterJdbcTemplate named = new NamedParameterJdbcTemplate(dataSource) {
            @Override
            protected ParsedSql getParsedSql(String sql) {
                SkipLockedClaimsContract.this.ran.add(sql);
                return super.getParsedSql(sql);
            }
        };
        this.readCommitted = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        this.readCommitted.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
        this.statements = ClaimStatements.of(ClaimQueryPlanContract.TABLE, this.database.dialect());
        this.claims = new SkipLockedClaims(named, this.readCommitted, this.statements,
                new DueWindows(named, this.statements));
    }

    @AfterAll
    void closePools() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @BeforeEach
    void emptyTable() {
        this.jdbc.update("DELETE FROM " + ClaimQueryPlanContract.TABLE);
        this.ran.clear();
    }

    /** How another instance's claim holds a head: locked, and on the lease path also leased, not yet committed. */
    enum HeldHead {
        LOCKED, LOCKED_AND_LEASED
    }

    static Stream<Arguments> headsHeldElsewhere() {
        return Stream.of(MessageState.PENDING, MessageState.FAILED).flatMap(state -> Stream.of(HeldHead.values())
                .map(held -> Arguments.of(state, held)));
    }

    /** A key's head and its follower, and a row without a key that shows the claim ran, all due, in one state. */
    private void dueRows(MessageState state) {
        this.head = insert("order-1", "customer-1", state);
        this.follower = insert("order-2", "customer-1", state);
        this.unordered = insert("order-3", null, state);
    }

    @ParameterizedTest(name = "{0} rows, the head {1}")
    @MethodSource("headsHeldElsewhere")
    void theLeasePathLeavesTheFollowerOfAHeadAnotherClaimHoldsLocked(MessageState state, HeldHead held)
            throws SQLException {
        dueRows(state);

        Claim claim = whileTheHeadIsHeldElsewhere(held,
                () -> this.claims.claim(ClaimScope.all(), state, LIMIT, NOW, LEASE_UNTIL, afterTheHead()));

        assertThat(ids(claim)).as("the follower waits for its head").doesNotContain(this.follower)
                .containsExactly(this.unordered);
        assertThat(ids(this.claims.claim(ClaimScope.all(), state, LIMIT, NOW, LEASE_UNTIL, null)))
                .as("the head, once free, and still not its follower").containsExactly(this.head);
    }

    @ParameterizedTest(name = "{0} rows, the head {1}")
    @MethodSource("headsHeldElsewhere")
    void theLockedRoundLeavesTheFollowerOfAHeadAnotherClaimHoldsLocked(MessageState state, HeldHead held)
            throws SQLException {
        dueRows(state);

        Claim claim = whileTheHeadIsHeldElsewhere(held, () -> lockedRound(state, afterTheHead()));

        assertThat(ids(claim)).as("the follower waits for its head").doesNotContain(this.follower)
                .containsExactly(this.unordered);
        assertThat(ids(lockedRound(state, null))).as("the head, once free, and still not its follower")
                .containsExactly(this.head, this.unordered);
    }

    @Test
    void theLockedRoundLocksCandidatesWithoutAKeyByIdWithoutReadingTheirHeads() {
        List<Long> due = Stream.of("order-1", "order-2", "order-3")
                .map(key -> insert(key, null, MessageState.PENDING)).toList();

        Claim claim = lockedRound(MessageState.PENDING, null);

        assertThat(ids(claim)).containsExactlyElementsOf(due);
        assertThat(this.ran).as("the window, then the lock by id").containsExactly(
                this.statements.window(ClaimScope.all(), false), this.statements.lockRows);
    }

    /**
     * A window of {@value #LIMIT} rows without a key, all locked by another instance, then a follower whose head
     * (before the scan's start) the other instance holds too, then free rows: the claim's first step takes nothing,
     * and its next step, from the rest of the same window, takes the free rows and not the follower.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("paths")
    void aStepWhoseCandidatesAreAllLockedElsewhereTakesTheFreeRowsOfTheRestOfTheSameWindow(ClaimPath path)
            throws SQLException {
        this.head = insert("order-head", "customer-1", MessageState.PENDING);
        List<Long> lockedElsewhere = IntStream.range(0, LIMIT)
                .mapToObj(i -> insert("order-locked-" + i, null, MessageState.PENDING)).toList();
        this.follower = insert("order-follower", "customer-1", MessageState.PENDING);
        List<Long> free = IntStream.range(0, 3).mapToObj(i -> insert("order-free-" + i, null, MessageState.PENDING))
                .toList();

        Claim claim;
        try (Connection other = lockedByAnotherClaim(this.head, HeldHead.LOCKED)) {
            for (long id : lockedElsewhere) {
                lock(other, "SELECT id FROM " + ClaimQueryPlanContract.TABLE + " WHERE id = ? FOR UPDATE", id);
            }
            this.ran.clear();
            claim = (path == ClaimPath.LEASE) ? this.claims.claim(ClaimScope.all(), MessageState.PENDING, LIMIT, NOW,
                    LEASE_UNTIL, afterTheHead()) : lockedRound(MessageState.PENDING, afterTheHead());
            other.rollback();
        }

        assertThat(ids(claim)).as("the free rows, and not the follower of the held head")
                .containsExactlyElementsOf(free);
        assertThat(this.ran).as("one window read").containsOnlyOnce(
                this.statements.window(ClaimScope.all(), true));
    }

    /** Which skip-locked claim a test runs. */
    enum ClaimPath {
        LEASE, LOCKED_ROUND
    }

    static Stream<ClaimPath> paths() {
        return Stream.of(ClaimPath.values());
    }

    /** Runs a claim while another instance's transaction holds the head, which then rolls back. */
    private Claim whileTheHeadIsHeldElsewhere(HeldHead held, Supplier<Claim> claim) throws SQLException {
        try (Connection other = lockedByAnotherClaim(this.head, held)) {
            Claim claimed = claim.get();
            other.rollback();
            return claimed;
        }
    }

    /**
     * Where a claim's scan of the due rows continues when its last claim ended at the head: the follower is then
     * the first row of its key the claim sees, and the ordering check alone keeps it back.
     */
    private DuePosition afterTheHead() {
        return new DuePosition(DUE_AT, this.head);
    }

    /** The locked round's lock, in a READ COMMITTED transaction that then rolls back. */
    private Claim lockedRound(MessageState state, @Nullable DuePosition after) {
        return Objects.requireNonNull(this.readCommitted.execute(tx -> {
            tx.setRollbackOnly();
            return this.claims.lock(ClaimScope.all(), state, LIMIT, NOW, after);
        }));
    }

    /**
     * A connection of its own whose open transaction holds a row locked, as another instance's claim would: by its
     * primary key, and on MariaDB, which locks index entries, also by its entry in the ordering index, which the
     * locking claim's ordering check reads; on the lease path that claim then leases the row before it commits.
     */
    private Connection lockedByAnotherClaim(long id, HeldHead held) throws SQLException {
        Connection connection = this.otherInstance.getConnection();
        connection.setAutoCommit(false);
        connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        String table = ClaimQueryPlanContract.TABLE.toString();
        lock(connection, "SELECT id FROM " + table + " WHERE id = ? FOR UPDATE", id);
        if (kind() == TestDatabase.Kind.MARIADB) {
            lock(connection, "SELECT id FROM " + table + " FORCE INDEX (idx_" + table + "_ordering)"
                    + " WHERE ordering_key = (SELECT ordering_key FROM " + table + " WHERE id = ?)"
                    + " AND state = (SELECT state FROM " + table + " WHERE id = ?) AND id = ? FOR UPDATE", id);
        }
        if (held == HeldHead.LOCKED_AND_LEASED) {
            try (PreparedStatement lease = connection.prepareStatement("UPDATE " + table + " SET lock_version ="
                    + " lock_version + 1, next_retry_at = ? WHERE id = ?")) {
                lease.setObject(1, Timestamps.toColumn(LEASE_UNTIL));
                lease.setLong(2, id);
                assertThat(lease.executeUpdate()).isOne();
            }
        }
        return connection;
    }

    private static void lock(Connection connection, String sql, long id) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement(sql)) {
            for (int i = 1; i <= sql.chars().filter(c -> c == '?').count(); i++) {
                lock.setLong(i, id);
            }
            try (ResultSet rs = lock.executeQuery()) {
                assertThat(rs.next()).as("row %d locked", id).isTrue();
            }
        }
    }

    private long insert(String key, String orderingKey, MessageState state) {
        this.jdbc.update("INSERT INTO " + ClaimQueryPlanContract.TABLE + " (gmt_create, gmt_modified, message_key,"
                + " message_type, topic, message_body, ordering_key, state, retry_count, next_retry_at,"
                + " failed_for_good, lock_version) VALUES (?, ?, ?, 'order.created', 'orders', '{}', ?, ?, 0, ?, FALSE, 0)",
                Timestamps.toColumn(NOW), Timestamps.toColumn(NOW), key, orderingKey, state.name(),
                Timestamps.toColumn(DUE_AT));
        return Objects.requireNonNull(this.jdbc.queryForObject("SELECT id FROM " + ClaimQueryPlanContract.TABLE
                + " WHERE message_key = ?", Long.class, key));
    }

    private static List<Long> ids(Claim claim) {
        return claim.claimed().stream().map(ClaimedMessage::id).toList();
    }
}
