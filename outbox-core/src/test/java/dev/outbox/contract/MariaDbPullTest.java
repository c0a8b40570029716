package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class MariaDbPullTest extends PullContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
