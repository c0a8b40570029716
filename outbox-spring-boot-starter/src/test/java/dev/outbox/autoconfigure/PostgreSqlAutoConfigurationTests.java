package dev.outbox.autoconfigure;

import dev.outbox.jdbc.DatabaseDialect;
import dev.outbox.testing.TestDatabase;

class PostgreSqlAutoConfigurationTests extends AbstractDatabaseAutoConfigurationTests {

    @Override
    protected TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }

    @Override
    protected DatabaseDialect expectedDialect() {
        return DatabaseDialect.POSTGRESQL;
    }
}
