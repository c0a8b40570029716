package dev.outbox.autoconfigure;

import dev.outbox.jdbc.DatabaseDialect;
import dev.outbox.testing.TestDatabase;

class MariaDbAutoConfigurationTests extends AbstractDatabaseAutoConfigurationTests {

    @Override
    protected TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }

    @Override
    protected DatabaseDialect expectedDialect() {
        return DatabaseDialect.MYSQL;
    }
}
