/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

class PostgresUnconsumedQueryPlanTest extends UnconsumedQueryPlanContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }

    @Override
    String series(int count) {
        return "SELECT n FROM generate_series(1, " + count + ") AS n";
    }

    @Override
    void assertIndexLookupsOnly(String plan) {
        // A nested loop of index lookups into the inbox, not a hash of the whole inbox nor a scan of it.
        assertThat(plan).doesNotContain("Seq Scan").doesNotContain("Hash").doesNotContain("Sort")
                .containsPattern("Index (Only )?Scan using " + INBOX_KEY);
    }
}
