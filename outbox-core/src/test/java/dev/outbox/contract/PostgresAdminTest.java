package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class PostgresAdminTest extends AdminContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
