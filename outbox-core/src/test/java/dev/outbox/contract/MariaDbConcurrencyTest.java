package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class MariaDbConcurrencyTest extends ConcurrencyContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
