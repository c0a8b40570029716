package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class PostgresOrderingTest extends OrderingContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
