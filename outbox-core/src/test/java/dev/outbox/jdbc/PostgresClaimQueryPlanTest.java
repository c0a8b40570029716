package dev.outbox.jdbc;

import dev.outbox.testing.TestDatabase;

class PostgresClaimQueryPlanTest extends ClaimQueryPlanContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }

    @Override
    String usesIndex(String index) {
        return index;
    }
}
