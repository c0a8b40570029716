/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

class MariaDbCleanupQueryPlanTest extends CleanupQueryPlanContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }

    @Override
    void assertRangeScanOfTheDueIndex(String plan, boolean continued) {
        assertThat(plan).contains("type=range ").contains("key=" + INDEX + " ").doesNotContain("filesort");
    }
}
