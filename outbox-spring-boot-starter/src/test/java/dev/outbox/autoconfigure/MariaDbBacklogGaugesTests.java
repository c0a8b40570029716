package dev.outbox.autoconfigure;

import dev.outbox.testing.TestDatabase;

class MariaDbBacklogGaugesTests extends AbstractBacklogGaugesTests {

    @Override
    protected TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
