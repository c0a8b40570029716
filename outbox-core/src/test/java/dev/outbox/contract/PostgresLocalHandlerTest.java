package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class PostgresLocalHandlerTest extends LocalHandlerContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
