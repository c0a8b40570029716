/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import dev.outbox.message.MessageState;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The optimistic claim's slices on a real server, with another instance's leases made between the
 * claim's read of its candidates and its own leases.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OptimisticClaimsContract {

    private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");

    private static final Instant LEASE_UNTIL = NOW.plus(Duration.ofSeconds(30));

    private static final int ROWS = 10;

    private TestDatabase database;

    private JdbcTemplate jdbc;

    private OptimisticClaims claims;

    abstract TestDatabase.Kind kind();

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(kind(), "optimistic_" + kind().name());
        this.database.migrate();
        DataSource dataSource = this.database.newDataSource(2);
        this.jdbc = new JdbcTemplate(dataSource);
        NamedParameterJdbcTemplate named = new NamedParameterJdbcTemplate(dataSource);
        ClaimStatements statements = ClaimStatements.of(ClaimQueryPlanContract.TABLE, this.database.dialect());
        this.claims = new OptimisticClaims(named, new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
                statements, new DueWindows(named, statements));
    }

    @AfterAll
    void closePools() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @BeforeEach
    void dueRows() {
        this.jdbc.update("DELETE FROM " + ClaimQueryPlanContract.TABLE);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(new Object[] { Timestamps.toColumn(NOW), Timestamps.toColumn(NOW), "key-" + i, Timestamps.toColumn(NOW.minusSeconds(60)) });
        }
        this.jdbc.batchUpdate("INSERT INTO " + ClaimQueryPlanContract.TABLE + " (gmt_create, gmt_modified, message_key,"
                + " message_type, topic, message_body, state, retry_count, next_retry_at, failed_for_good, lock_version)"
                + " VALUES (?, ?, ?, 'order.created', 'orders', '{}', 'PENDING', 0, ?, FALSE, 0)", rows);
    }

    @Test
    void aClaimThatWinsTheFirstRowOfItsSliceTakesTheRestButTheRowsTakenMeanwhile() {
        List<RowVersion> candidates = candidates();
        leaseElsewhere(candidates.get(3), candidates.get(7));

        Claim claim = this.claims.claimAmong(ids(candidates), candidates, MessageState.PENDING, ROWS, NOW, LEASE_UNTIL);

        assertThat(claim.claimed()).extracting(ClaimedMessage::id).containsExactlyElementsOf(
                ids(candidates).stream().filter(id -> id != candidates.get(3).id() && id != candidates.get(7).id()).toList());
        assertThat(claim.lost()).isEqualTo(2);
        assertThat(leasedRows()).isEqualTo(ROWS);
    }

    @Test
    void whenEverySliceIsLostTheClaimTakesTheRowsStillDueRowByRow() {
        List<RowVersion> candidates = candidates();
        // Two slices of five; another instance took the first row of each since the read.
        RowVersion firstOfFirst = candidates.get(0);
        RowVersion firstOfSecond = candidates.get(ROWS / 2);
        leaseElsewhere(firstOfFirst, firstOfSecond);

        Claim claim = this.claims.claimAmong(ids(candidates), candidates, MessageState.PENDING, ROWS / 2, NOW,
                LEASE_UNTIL);

        assertThat(claim.lost()).as("the first row of each slice").isEqualTo(2);
        assertThat(claim.claimed()).hasSize(ROWS / 2).extracting(ClaimedMessage::id)
                .doesNotContain(firstOfFirst.id(), firstOfSecond.id());
        assertThat(claim.claimed()).extracting(ClaimedMessage::lockVersion).containsOnly(1L);
        assertThat(leasedRows()).isEqualTo(2 + ROWS / 2);
    }

    @Test
    void aClaimThatLosesOneSliceTriesAnother() {
        List<RowVersion> candidates = candidates();
        RowVersion firstOfFirst = candidates.get(0);
        leaseElsewhere(firstOfFirst);

        // Whichever slice the claim goes for first, it ends with the second one whole.
        Claim claim = this.claims.claimAmong(ids(candidates), candidates, MessageState.PENDING, ROWS / 2, NOW,
                LEASE_UNTIL);

        assertThat(claim.claimed()).extracting(ClaimedMessage::id)
                .containsExactlyElementsOf(ids(candidates.subList(ROWS / 2, ROWS)));
        assertThat(claim.lost()).isLessThanOrEqualTo(1);
    }

    /** The due rows in due order at their versions, as the claim reads its candidates. */
    private List<RowVersion> candidates() {
        return this.jdbc.query("SELECT id, lock_version FROM " + ClaimQueryPlanContract.TABLE + " ORDER BY next_retry_at, id",
                (rs, rowNum) -> new RowVersion(rs.getLong("id"), rs.getLong("lock_version")));
    }

    /** Another instance's lease of rows, committed. */
    private void leaseElsewhere(RowVersion... rows) {
        for (RowVersion row : rows) {
            this.jdbc.update("UPDATE " + ClaimQueryPlanContract.TABLE + " SET lock_version = lock_version + 1,"
                    + " next_retry_at = ? WHERE id = ?", Timestamps.toColumn(LEASE_UNTIL), row.id());
        }
    }

    private int leasedRows() {
        Integer leased = this.jdbc.queryForObject("SELECT COUNT(*) FROM " + ClaimQueryPlanContract.TABLE
                + " WHERE lock_version = 1", Integer.class);
        return (leased == null) ? 0 : leased;
    }

    private static List<Long> ids(List<RowVersion> rows) {
        return rows.stream().map(RowVersion::id).toList();
    }
}
