package dev.outbox.jdbc;

import dev.outbox.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

class MariaDbCleanupQueryPlanTest extends CleanupQueryPlanContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }

    @Override
    void assertRangeScanOfTheModifiedIndex(String plan, boolean continued) {
        assertThat(plan).contains("type=range ").contains("key=" + INDEX + " ").doesNotContain("filesort");
    }
}
