package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class MariaDbSaveTest extends SaveContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
