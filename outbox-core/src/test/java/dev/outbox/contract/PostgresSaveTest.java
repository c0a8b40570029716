package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class PostgresSaveTest extends SaveContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
