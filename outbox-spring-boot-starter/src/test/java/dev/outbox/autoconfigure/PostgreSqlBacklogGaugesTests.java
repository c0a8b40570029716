package dev.outbox.autoconfigure;

import dev.outbox.testing.TestDatabase;

class PostgreSqlBacklogGaugesTests extends AbstractBacklogGaugesTests {

    @Override
    protected TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
