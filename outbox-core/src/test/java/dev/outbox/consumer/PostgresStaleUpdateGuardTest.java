package dev.outbox.consumer;

import dev.outbox.testing.TestDatabase;

class PostgresStaleUpdateGuardTest extends StaleUpdateGuardContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
