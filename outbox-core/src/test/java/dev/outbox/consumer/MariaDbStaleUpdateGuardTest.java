package dev.outbox.consumer;

import dev.outbox.testing.TestDatabase;

class MariaDbStaleUpdateGuardTest extends StaleUpdateGuardContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
