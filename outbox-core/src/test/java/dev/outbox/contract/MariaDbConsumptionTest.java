package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class MariaDbConsumptionTest extends ConsumptionContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
