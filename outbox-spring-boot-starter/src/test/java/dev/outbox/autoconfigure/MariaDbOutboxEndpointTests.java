package dev.outbox.autoconfigure;

import dev.outbox.testing.TestDatabase;

class MariaDbOutboxEndpointTests extends AbstractOutboxEndpointTests {

    @Override
    protected TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
