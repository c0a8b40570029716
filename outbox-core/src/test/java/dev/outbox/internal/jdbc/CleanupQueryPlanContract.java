/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

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
 * The cleanup must find old rows of a state through the due index {@code (state, next_retry_at, id)}, a range
 * scan in the order it deletes, never by scanning or sorting a table of days of messages; and, since migration
 * V5, without an index of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CleanupQueryPlanContract {

    static final TableName TABLE = new TableName(OutboxStore.DEFAULT_OUTBOX_TABLE);

    static final String INDEX = "idx_" + TABLE + "_due";

    static final LocalDateTime CUTOFF = LocalDateTime.of(2025, 12, 24, 0, 0);

    private TestDatabase database;

    private JdbcTemplate jdbc;

    CleanupStatements sql;

    abstract TestDatabase.Kind kind();

    /**
     * @param plan the plan of a batch's select
     * @param continued whether it continues after a position
     */
    abstract void assertRangeScanOfTheDueIndex(String plan, boolean continued);

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
            // A quarter of old delivered history, the rest recent, a few consumed, failed and pending; each row
            // due at the time it reached its state, as the outbox writes them.
            String state = (i % 40 == 0) ? "PENDING" : (i % 40 == 1) ? "CONSUMED" : (i % 40 == 2) ? "FAILED" : "SENT";
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
    void batchFindsOldRowsByARangeScanOfTheDueIndex() {
        assertRangeScanOfTheDueIndex(explain(this.sql.selectOldest, oldSent()), false);
        assertRangeScanOfTheDueIndex(explain(this.sql.lockOldest, oldSent()), false);
    }

    @Test
    void nextBatchContinuesTheRangeScanAfterThePreviousOne() {
        MapSqlParameterSource after = oldSent().addValue("afterDueAt", CUTOFF.minusDays(19)).addValue("afterId", 900);

        assertRangeScanOfTheDueIndex(explain(this.sql.selectOldestAfter, after), true);
        assertRangeScanOfTheDueIndex(explain(this.sql.lockOldestAfter, after), true);
    }

    @Test
    void theMigrationsLeaveTheOutboxTableNoIndexOfTheCleanupsOwn() {
        Set<String> indexes = this.jdbc.execute((Connection connection) -> {
            Set<String> names = new TreeSet<>();
            try (ResultSet index = connection.getMetaData().getIndexInfo(connection.getCatalog(), connection.getSchema(),
                    TABLE.value(), false, false)) {
                while (index.next()) {
                    names.add(index.getString("INDEX_NAME"));
                }
            }
            return names;
        });

        assertThat(indexes).filteredOn(name -> name.startsWith("idx_"))
                .containsExactly(INDEX, "idx_" + TABLE + "_ordering");
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
