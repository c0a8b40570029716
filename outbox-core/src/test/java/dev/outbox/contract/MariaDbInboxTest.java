package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class MariaDbInboxTest extends InboxContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
