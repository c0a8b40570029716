package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class PostgresPullTest extends PullContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
