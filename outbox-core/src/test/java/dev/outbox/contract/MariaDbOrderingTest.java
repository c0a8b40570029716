package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class MariaDbOrderingTest extends OrderingContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
