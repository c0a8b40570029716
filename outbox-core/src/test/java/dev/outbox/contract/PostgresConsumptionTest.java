package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class PostgresConsumptionTest extends ConsumptionContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
