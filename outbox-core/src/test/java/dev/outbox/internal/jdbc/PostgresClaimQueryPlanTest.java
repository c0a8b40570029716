/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.LocalDateTime;

import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PostgresClaimQueryPlanTest extends ClaimQueryPlanContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }

    @Override
    String usesIndex(String index) {
        return index;
    }

    @Test
    void oneStatementClaimChecksItsCandidatesAndUpdatesThemByPrimaryKey() {
        OutboxSql sql = new OutboxSql(TABLE, DatabaseDialect.POSTGRESQL);
        LocalDateTime now = LocalDateTime.of(2026, 1, 2, 0, 0);

        String plan = explain(sql.claimDueAmongReturning(3), 3L, 200L, 400L, "PENDING", now, 100, now.plusSeconds(30),
                now);
        String continuedWindowPlan = explain(sql.due(ClaimScope.all()).window(true), "PENDING", now, now.minusHours(1),
                1000, 200);

        assertThat(plan).contains("idx_" + TABLE + "_ordering").contains(TABLE + "_pkey").doesNotContain("Seq Scan");
        // The position bounds the index scan, rather than filtering the rows it reads.
        assertThat(continuedWindowPlan).contains("idx_" + TABLE + "_due")
                .containsPattern("Index Cond: .*ROW\\(next_retry_at, id\\) >");
    }
}
