package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class PostgresInboxTest extends InboxContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
