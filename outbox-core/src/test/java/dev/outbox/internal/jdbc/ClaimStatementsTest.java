/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

class ClaimStatementsTest {

    private static final TableName TABLE = new TableName("orders_outbox");

    @ParameterizedTest
    @EnumSource(DatabaseDialect.class)
    void everyStatementNamesTheOutboxTableAndItsStatesAndKeepsNoPlaceholderOfConstruction(DatabaseDialect dialect) {
        ClaimStatements statements = ClaimStatements.of(TABLE, dialect);

        for (String sql : all(statements)) {
            assertThat(sql).contains("orders_outbox").doesNotContain(ClaimStatements.DEFAULT_TABLE)
                    .doesNotContain("/* scope */").doesNotContain(StateLists.KEY_HOLDING);
        }
        assertThat(statements.runBounds).contains("state IN ('FAILED', 'SUSPENDED')");
    }

    @Test
    void aScopeAddsItsConditionOnTheTopicsAndNamesItself() {
        ClaimStatements statements = ClaimStatements.of(TABLE, DatabaseDialect.MYSQL);
        ClaimScope except = ClaimScope.allExcept(List.of("jobs", "audit"));
        ClaimScope topic = ClaimScope.topic("jobs");

        assertThat(statements.window(ClaimScope.all(), false)).doesNotContain("m.topic");
        assertThat(statements.window(except, true)).contains("AND m.topic NOT IN (:topics)");
        assertThat(statements.anyDue(topic)).contains("AND m.topic = :topic");
        assertThat(ClaimScope.allExcept(List.of())).isSameAs(ClaimScope.all());
        assertThat(ClaimScope.all()).hasToString("all topics");
        assertThat(except).hasToString("all topics except audit, jobs");
        assertThat(topic).hasToString("topic jobs");
    }

    @Test
    void repeatedPartsAreNumberedPerRow() {
        ClaimStatements statements = ClaimStatements.of(TABLE, DatabaseDialect.MYSQL);

        assertThat(statements.markSent(2)).contains("CASE id WHEN :id_0 THEN :messageId_0 WHEN :id_1 THEN :messageId_1 END")
                .doesNotContain(ClaimStatements.ROW_NUMBER + " ");
        assertThat(statements.followers(2)).contains(":key_0").contains(":key_1").containsOnlyOnce("UNION ALL")
                .doesNotContain(":key" + ClaimStatements.ROW_NUMBER);
    }

    @Test
    void onlyPostgresClaimsInOneStatement() {
        assertThat(ClaimStatements.of(TABLE, DatabaseDialect.POSTGRESQL).claimDueHeads()).startsWith("WITH due AS");
        assertThat(ClaimStatements.of(TABLE, DatabaseDialect.MYSQL).claimDueHeads()).isNull();
        assertThat(ClaimStatements.of(TABLE, DatabaseDialect.H2).claimDueHeads()).isNull();
    }

    private static List<String> all(ClaimStatements statements) {
        List<String> all = new ArrayList<>(List.of(statements.lockDueHeads(), statements.selectDueHeads(),
                statements.leaseLocked, statements.leaseCandidate, statements.claimedRows, statements.runBounds,
                statements.leaseAtVersions, statements.versions, statements.followers(2), statements.markSent(2),
                statements.markFailed, statements.release));
        for (ClaimScope scope : List.of(ClaimScope.all(), ClaimScope.allExcept(List.of("jobs")), ClaimScope.topic("jobs"))) {
            all.add(statements.window(scope, false));
            all.add(statements.window(scope, true));
            all.add(statements.anyDue(scope));
        }
        if (statements.claimDueHeads() != null) {
            all.add(statements.claimDueHeads());
        }
        return all;
    }
}
