package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class MariaDbDispatchTest extends DispatchContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
