package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class PostgresDispatchTest extends DispatchContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
