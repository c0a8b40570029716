/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.LocalDateTime;
import java.util.List;

import dev.outbox.store.DatabaseType;
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
        ClaimStatements statements = ClaimStatements.of(TABLE, DatabaseType.POSTGRESQL);
        LocalDateTime now = LocalDateTime.of(2026, 1, 2, 0, 0);

        String plan = explain(statements.claimDueHeads(), due(now, 100).addValue("candidates", List.of(3L, 200L, 400L))
                .addValue("leaseUntil", now.plusSeconds(30)));
        String continuedWindowPlan = explain(statements.window(ClaimScope.all(), true), due(now, 200)
                .addValue("afterDueAt", now.minusHours(1)).addValue("afterId", 1000));

        assertThat(plan).contains("idx_" + TABLE + "_ordering").contains(TABLE + "_pkey").doesNotContain("Seq Scan");
        // The position bounds the index scan, rather than filtering the rows it reads.
        assertThat(continuedWindowPlan).contains("idx_" + TABLE + "_due")
                .containsPattern("Index Cond: .*ROW\\(next_retry_at, id\\) >");
    }
}
