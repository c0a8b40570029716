/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

class MariaDbUnconsumedQueryPlanTest extends UnconsumedQueryPlanContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }

    @Override
    String series(int count) {
        return "SELECT seq AS n FROM seq_1_to_" + count;
    }

    @Override
    void assertIndexLookupsOnly(String plan) {
        // No row of the plan reads a whole table; the inbox is read by its unique key, per outbox row.
        assertThat(plan).doesNotContain("type=ALL").doesNotContain("type=index ")
                .containsPattern("table=" + INBOX + " .*type=unique_subquery .*key=" + INBOX_KEY + " ");
    }
}
