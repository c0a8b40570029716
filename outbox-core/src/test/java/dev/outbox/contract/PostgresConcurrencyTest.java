package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class PostgresConcurrencyTest extends ConcurrencyContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
