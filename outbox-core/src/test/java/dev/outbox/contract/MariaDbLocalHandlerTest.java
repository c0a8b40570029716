package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class MariaDbLocalHandlerTest extends LocalHandlerContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
