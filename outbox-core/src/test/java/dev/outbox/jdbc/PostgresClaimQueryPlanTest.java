package dev.outbox.jdbc;

import java.time.LocalDateTime;
import java.util.List;

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
    void oneStatementClaimFindsDueRowsThroughTheDueIndexAndUpdatesThemByPrimaryKey() {
        OutboxSql sql = new OutboxSql(TABLE, DatabaseDialect.POSTGRESQL);
        LocalDateTime now = LocalDateTime.of(2026, 1, 2, 0, 0);

        OutboxSql.DueStatements due = sql.due(ClaimScope.all());
        String plan = explain(due.claimReturning(false, false), "PENDING", now, 100, now.plusSeconds(30), now);
        String continuedPlan = explain(due.claimReturning(true, true), "PENDING", now, now.minusHours(1), 1000, now,
                9000, 100, now.plusSeconds(30), now);

        for (String claim : List.of(plan, continuedPlan)) {
            assertThat(claim).contains("idx_" + TABLE + "_due").contains("idx_" + TABLE + "_ordering")
                    .contains(TABLE + "_pkey");
        }
        // The position bounds the index scan, rather than filtering the rows it reads.
        assertThat(continuedPlan).containsPattern("Index Cond: .*ROW\\(next_retry_at, id\\) >");
    }
}
