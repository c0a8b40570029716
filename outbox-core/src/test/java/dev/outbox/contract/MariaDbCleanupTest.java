package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class MariaDbCleanupTest extends CleanupContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
