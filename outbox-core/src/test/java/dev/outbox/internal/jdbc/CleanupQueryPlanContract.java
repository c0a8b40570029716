/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import dev.outbox.OutboxStore;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cleanup must find old rows of a state through the {@code (state, gmt_modified, id)} index, a range
 * scan in the order it deletes, never by scanning or sorting a table of days of messages.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CleanupQueryPlanContract {

    static final TableName TABLE = new TableName(OutboxStore.DEFAULT_OUTBOX_TABLE);

    static final String INDEX = "idx_" + TABLE + "_modified";

    static final LocalDateTime CUTOFF = LocalDateTime.of(2025, 12, 24, 0, 0);

    private TestDatabase database;

    private JdbcTemplate jdbc;

    CleanupStatements sql;

    abstract TestDatabase.Kind kind();

    /**
     * @param plan the plan of a batch's select
     * @param continued whether it continues after a position
     */
    abstract void assertRangeScanOfTheModifiedIndex(String plan, boolean continued);

    @BeforeAll
    void tableWithHistory() {
        this.database = TestDatabase.create(kind(), "cleanup_plan_" + kind().name());
        this.database.migrate();
        DataSource dataSource = this.database.newDataSource(2);
        this.jdbc = new JdbcTemplate(dataSource);
        this.sql = new CleanupStatements(TABLE, new TableName(OutboxStore.DEFAULT_ARCHIVE_TABLE), this.database.dialect());
        LocalDateTime old = CUTOFF.minusDays(20);
        LocalDateTime recent = CUTOFF.plusDays(6);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            // A quarter of old delivered history, the rest recent, a few consumed and pending.
            String state = (i % 40 == 0) ? "PENDING" : (i % 40 == 1) ? "CONSUMED" : "SENT";
            LocalDateTime modified = (i < 5_000) ? old.plusSeconds(i) : recent.plusSeconds(i);
            rows.add(new Object[] { modified, modified, "key-" + i, "order.created", "orders", "{}", state, modified });
        }
        this.jdbc.batchUpdate("INSERT INTO " + TABLE + " (gmt_create, gmt_modified, message_key, message_type, topic,"
                + " message_body, state, retry_count, next_retry_at, lock_version)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, 0)", rows);
        this.jdbc.execute((kind() == TestDatabase.Kind.MARIADB) ? "ANALYZE TABLE " + TABLE : "ANALYZE " + TABLE);
    }

    @AfterAll
    void closePools() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @Test
    void batchFindsOldRowsByARangeScanOfTheModifiedIndex() {
        assertRangeScanOfTheModifiedIndex(explain(this.sql.selectOldest, oldSent()), false);
        assertRangeScanOfTheModifiedIndex(explain(this.sql.lockOldest, oldSent()), false);
    }

    @Test
    void nextBatchContinuesTheRangeScanAfterThePreviousOne() {
        MapSqlParameterSource after = oldSent().addValue("afterModifiedAt", CUTOFF.minusDays(19)).addValue("afterId", 900);

        assertRangeScanOfTheModifiedIndex(explain(this.sql.selectOldestAfter, after), true);
        assertRangeScanOfTheModifiedIndex(explain(this.sql.lockOldestAfter, after), true);
    }

    private static MapSqlParameterSource oldSent() {
        return new MapSqlParameterSource().addValue("state", "SENT").addValue("cutoff", CUTOFF).addValue("limit", 500);
    }

    private String explain(String query, MapSqlParameterSource parameters) {
        String plan = QueryPlan.explain(this.jdbc, query, parameters);
        System.out.println(kind() + " cleanup plan:\n" + plan);
        return plan;
    }
}
