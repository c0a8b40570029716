/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import javax.sql.DataSource;

import dev.outbox.store.DatabaseType;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dialect detection against a real MariaDB through both drivers: MySQL Connector/J reports MariaDB
 * 10.11 as version "5.5.5-10.11...", which must not hide its SKIP LOCKED support.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MariaDbDialectTest {

    private TestDatabase database;

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "dialect_mariadb");
    }

    @AfterAll
    void closePools() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @Test
    void mariaDbIsDetectedWithSkipLockedThroughTheMariaDbDriver() {
        DataSource dataSource = this.database.newDataSource(1);

        assertThat(DatabaseType.detect(dataSource)).isEqualTo(DatabaseType.MYSQL);
        assertThat(DatabaseType.MYSQL.supportsSkipLocked(dataSource)).isTrue();
    }

    @Test
    void mariaDbIsDetectedWithSkipLockedThroughMySqlConnectorJ() {
        DataSource dataSource = this.database.withMySqlDriver().newDataSource(1);

        assertThat(DatabaseType.detect(dataSource)).isEqualTo(DatabaseType.MYSQL);
        assertThat(DatabaseType.MYSQL.supportsSkipLocked(dataSource)).isTrue();
    }
}
