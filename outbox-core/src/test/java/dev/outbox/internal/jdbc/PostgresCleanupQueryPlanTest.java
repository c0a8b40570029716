/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

class PostgresCleanupQueryPlanTest extends CleanupQueryPlanContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }

    @Override
    void assertRangeScanOfTheDueIndex(String plan, boolean continued) {
        assertThat(plan).containsPattern("Index (Only )?Scan using " + INDEX).doesNotContain("Seq Scan")
                .doesNotContain("Sort");
        if (continued) {
            // The position bounds the index scan, rather than filtering the rows it reads.
            assertThat(plan).containsPattern("Index Cond: .*ROW\\(next_retry_at, id\\) >");
        }
    }
}
