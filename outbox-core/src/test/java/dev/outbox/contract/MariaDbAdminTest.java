package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class MariaDbAdminTest extends AdminContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
