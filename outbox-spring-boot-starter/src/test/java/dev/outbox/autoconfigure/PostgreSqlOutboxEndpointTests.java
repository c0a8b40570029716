package dev.outbox.autoconfigure;

import dev.outbox.testing.TestDatabase;

class PostgreSqlOutboxEndpointTests extends AbstractOutboxEndpointTests {

    @Override
    protected TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
