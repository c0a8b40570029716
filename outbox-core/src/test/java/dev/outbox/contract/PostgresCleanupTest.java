package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class PostgresCleanupTest extends CleanupContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
