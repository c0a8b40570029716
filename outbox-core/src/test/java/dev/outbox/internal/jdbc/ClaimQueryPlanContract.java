/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import javax.sql.DataSource;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The claim query must find due rows through the {@code (state, next_retry_at, id)} index, not by
 * scanning a table that keeps days of SENT rows, and check ordering keys through their index. So must the
 * operators' backlog reads, which health checks run often.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ClaimQueryPlanContract {

    static final TableName TABLE = new TableName(OutboxStore.DEFAULT_OUTBOX_TABLE);

    private TestDatabase database;

    private JdbcTemplate jdbc;

    abstract TestDatabase.Kind kind();

    /**
     * @param index an index name
     * @return what the plan says where the query uses that index (MariaDB also lists mere candidates)
     */
    abstract String usesIndex(String index);

    @BeforeAll
    void tableWithHistory() {
        this.database = TestDatabase.create(kind(), "plan_" + kind().name());
        this.database.migrate();
        DataSource dataSource = this.database.newDataSource(2);
        this.jdbc = new JdbcTemplate(dataSource);
        LocalDateTime now = LocalDateTime.of(2026, 1, 1, 0, 0);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            // Mostly delivered history, a few due rows, some of them ordered, a few FAILED, half of those for good.
            String state = (i % 200 == 0) ? "PENDING" : (i % 400 == 1) ? "FAILED" : "SENT";
            String orderingKey = (i % 3 == 0) ? "customer-" + (i % 500) : null;
            rows.add(new Object[] { now, now, "key-" + i, "order.created", "orders", "{}", orderingKey, state, now,
                    i % 800 == 1 });
        }
        this.jdbc.batchUpdate("INSERT INTO " + TABLE + " (gmt_create, gmt_modified, message_key, message_type, topic,"
                + " message_body, ordering_key, state, retry_count, next_retry_at, failed_for_good, lock_version)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 0)", rows);
        this.jdbc.execute((kind() == TestDatabase.Kind.MARIADB) ? "ANALYZE TABLE " + TABLE : "ANALYZE " + TABLE);
    }

    @AfterAll
    void closePools() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @Test
    void theClaimsWindowIsReadThroughTheDueIndex() {
        ClaimStatements statements = ClaimStatements.of(TABLE, this.database.dialect());
        LocalDateTime now = LocalDateTime.of(2026, 1, 2, 0, 0);

        String windowPlan = explain(statements.window(ClaimScope.all(), false), due(now, 200));
        String continuedPlan = explain(statements.window(ClaimScope.all(), true), due(now, 200)
                .addValue("afterDueAt", now.minusHours(1)).addValue("afterId", 1000));
        // The dispatcher leaves pulled topics out; a pull consumer claims its topic: the same index serves both.
        ClaimScope dispatcher = ClaimScope.allExcept(List.of("jobs"));
        String dispatcherPlan = explain(statements.window(dispatcher, false), dispatcher.bind(due(now, 200)));
        ClaimScope pull = ClaimScope.topic("jobs");
        String pullPlan = explain(statements.window(pull, false), pull.bind(due(now, 200)));
        // While a route is paused, the claims leave its types out, and its probe claims only those.
        ClaimScope paused = dispatcher.withoutTypes(List.of("order.created"));
        String pausedPlan = explain(statements.window(paused, false), paused.bind(due(now, 200)));
        ClaimScope probe = dispatcher.onlyTypes(List.of("order.created"));
        String probePlan = explain(statements.window(probe, false), probe.bind(due(now, 1)));

        for (String plan : List.of(windowPlan, continuedPlan, dispatcherPlan, pullPlan, pausedPlan, probePlan)) {
            assertThat(plan).contains(usesIndex("idx_" + TABLE + "_due")).doesNotContain("Seq Scan")
                    .doesNotContain("type=ALL");
        }
    }

    @Test
    void theSlowRetrysWindowOfFailedRowsIsReadThroughTheDueIndexLeavingThoseThatFailedForGood() {
        ClaimStatements statements = ClaimStatements.of(TABLE, this.database.dialect());
        LocalDateTime now = LocalDateTime.of(2026, 1, 2, 0, 0);
        MapSqlParameterSource failed = due(now, 200).addValue("state", "FAILED");

        String windowPlan = explain(statements.window(ClaimScope.all(), false), failed);
        String anyDuePlan = explain(statements.anyDue(ClaimScope.all()), due(now, 1).addValue("state", "FAILED"));

        for (String plan : List.of(windowPlan, anyDuePlan)) {
            assertThat(plan).contains(usesIndex("idx_" + TABLE + "_due")).doesNotContain("Seq Scan")
                    .doesNotContain("type=ALL");
        }
    }

    @Test
    void theClaimLooksUpItsCandidatesAndChecksTheirKeysThroughTheOrderingIndex() {
        ClaimStatements statements = ClaimStatements.of(TABLE, this.database.dialect());
        LocalDateTime now = LocalDateTime.of(2026, 1, 2, 0, 0);
        MapSqlParameterSource parameters = due(now, 100).addValue("candidates", List.of(3L, 200L, 400L));

        String skipLockedPlan = explain(statements.lockDueHeads(), parameters);
        String optimisticPlan = explain(statements.selectDueHeads(), parameters);
        // What an idle instance asks before it claims.
        String anyDuePlan = explain(statements.anyDue(ClaimScope.all()), due(now, 1));

        for (String plan : List.of(skipLockedPlan, optimisticPlan)) {
            // By id, through the primary key or an index that leads with the state and ends with the id.
            assertThat(plan).contains(usesIndex("idx_" + TABLE + "_ordering")).doesNotContain("Seq Scan")
                    .doesNotContain("type=ALL");
        }
        assertThat(anyDuePlan).contains(usesIndex("idx_" + TABLE + "_due")).contains(usesIndex("idx_" + TABLE + "_ordering"));
    }

    @Test
    void theRunAfterAClaimedHeadIsReadThroughTheOrderingIndex() {
        ClaimStatements statements = ClaimStatements.of(TABLE, this.database.dialect());

        String plan = explain(statements.followers(2), new MapSqlParameterSource("limit", 50)
                .addValue("key_0", "customer-3").addValue("headId_0", 3L).addValue("blockedFrom_0", Long.MAX_VALUE)
                .addValue("key_1", "customer-6").addValue("headId_1", 6L).addValue("blockedFrom_1", Long.MAX_VALUE));
        String boundsPlan = explain(statements.runBounds,
                new MapSqlParameterSource("keys", List.of("customer-3", "customer-6")));

        assertThat(plan).contains(usesIndex("idx_" + TABLE + "_ordering")).doesNotContain("Seq Scan")
                .doesNotContain("type=ALL");
        // Through the ordering index, or through an index that leads with the state: the few FAILED and SUSPENDED rows.
        assertThat(boundsPlan).doesNotContain("Seq Scan").doesNotContain("type=ALL");
    }

    @Test
    void theUpdateToSentFindsItsRowsByPrimaryKey() {
        SentUpdate update = ClaimStatements.of(TABLE, this.database.dialect()).markSent();
        LocalDateTime now = LocalDateTime.of(2026, 1, 2, 0, 0);
        // A whole batch, leased at a version that the statistics, taken before the lease, have never seen.
        List<DeliveryOutcome.Sent> rows = LongStream.rangeClosed(1, 500)
                .mapToObj(id -> new DeliveryOutcome.Sent(id, 1, Instant.EPOCH, "orders-0@" + id)).toList();

        String plan = explain(update.statement(rows.size()), update.bindRows(rows, new MapSqlParameterSource()
                .addValue("attemptedAt", now).addValue("now", now).addValue("lockVersion", 1L)));

        String primaryKey = (kind() == TestDatabase.Kind.MARIADB) ? "PRIMARY" : TABLE + "_pkey";
        assertThat(plan).contains(usesIndex(primaryKey)).doesNotContain("Seq Scan").doesNotContain("type=ALL");
    }

    @Test
    void theHandOffsOrderingCheckLooksUpItsRowsByIdAndTheirKeysThroughTheOrderingIndex() {
        ClaimStatements statements = ClaimStatements.of(TABLE, this.database.dialect());

        String plan = explain(statements.withNothingEarlierUnsent(), new MapSqlParameterSource()
                .addValue("ids", List.of(3L, 6L)).addValue("sentAlong", List.of(3L, 6L, 9L)));

        assertThat(plan).contains(usesIndex("idx_" + TABLE + "_ordering")).doesNotContain("Seq Scan")
                .doesNotContain("type=ALL");
    }

    @Test
    void backlogCountsAndTheOldestDueMessageReadTheDueIndexNotTheHistory() {
        AdminStatements sql = new AdminStatements(TABLE, new TableName(OutboxStore.DEFAULT_INBOX_TABLE), this.database.dialect());

        String countPlan = explain(sql.countBacklog, new MapSqlParameterSource());
        String oldestDuePlan = explain(sql.oldestDue, new MapSqlParameterSource("now", LocalDateTime.of(2026, 1, 2, 0, 0)));

        // The due index leads with the state, which keeps the count to the backlog's rows.
        assertThat(countPlan).contains(usesIndex("idx_" + TABLE + "_due")).doesNotContain("Seq Scan")
                .doesNotContain("type=ALL");
        assertThat(oldestDuePlan).contains(usesIndex("idx_" + TABLE + "_due"));
        // Through an index that leads with the state, never along the primary key through the history.
        assertThat(explain(sql.oldestPending, new MapSqlParameterSource())).contains(usesIndex("idx_" + TABLE + "_due"))
                .doesNotContain("Filter: ((state)").doesNotContain("Seq Scan").doesNotContain("type=ALL");
    }

    @Test
    void reconciliationReadsTheSentWindowThroughTheDueIndexAndTheInboxByItsKey() {
        AdminStatements sql = new AdminStatements(TABLE, new TableName(OutboxStore.DEFAULT_INBOX_TABLE),
                this.database.dialect());
        LocalDateTime from = LocalDateTime.of(2026, 1, 1, 0, 0);

        String windowPlan = explain(sql.sentBetween, new MapSqlParameterSource().addValue("afterTime", from)
                .addValue("to", from.plusHours(1)).addValue("afterId", 0).addValue("limit", 500));
        String unconsumedPlan = explain(sql.unconsumed, new MapSqlParameterSource().addValue("consumerGroup", "shipping")
                .addValue("sentBefore", from).addValue("afterId", 0).addValue("limit", 51));

        assertThat(windowPlan).contains(usesIndex("idx_" + TABLE + "_due")).doesNotContain("Seq Scan")
                .doesNotContain("type=ALL");
        // Each SENT row is looked up in the inbox by its unique key, never by reading the inbox.
        assertThat(unconsumedPlan).contains(usesIndex("uk_" + OutboxStore.DEFAULT_INBOX_TABLE + "_key_group"))
                .doesNotContain("Seq Scan on " + OutboxStore.DEFAULT_INBOX_TABLE);
    }

    /**
     * @param now the current time
     * @param limit the most rows
     * @return the parameters of a claim of PENDING rows
     */
    static MapSqlParameterSource due(LocalDateTime now, int limit) {
        return new MapSqlParameterSource().addValue("state", "PENDING").addValue("now", now).addValue("limit", limit);
    }

    String explain(String claimSql, MapSqlParameterSource parameters) {
        String text = QueryPlan.explain(this.jdbc, claimSql, parameters);
        System.out.println(kind() + " claim plan:\n" + text);
        return text;
    }
}
