/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.store;

import java.util.UUID;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class DatabaseTypeTest {

    @ParameterizedTest
    @CsvSource({
            "MySQL, MYSQL",
            "mysql, MYSQL",
            "MariaDB, MYSQL",
            "PostgreSQL, POSTGRESQL",
            "H2, H2",
            "h2, H2"
    })
    void detectsTheDialectFromTheJdbcProductName(String productName, DatabaseType expected) {
        assertThat(DatabaseType.fromProductName(productName)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = { "Oracle", "Microsoft SQL Server", "HSQL Database Engine", "Apache Derby", "SQLite",
            "DB2/LINUXX8664", "" })
    void rejectsAnUnsupportedDatabaseNamingItAndTheSupportedOnes(String productName) {
        assertThatIllegalStateException().isThrownBy(() -> DatabaseType.fromProductName(productName))
                .withMessageContaining("does not support the database '" + productName + "'")
                .withMessageContaining("MySQL, MariaDB, PostgreSQL and H2");
    }

    @Test
    void detectsH2FromARealDataSourceAndKnowsItHasNoSkipLocked() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:mem:dialect-" + UUID.randomUUID());

        assertThat(DatabaseType.detect(dataSource)).isEqualTo(DatabaseType.H2);
        assertThat(DatabaseType.H2.supportsSkipLocked(dataSource)).isFalse();
    }

    @Test
    void eachDialectHasItsOwnSchemaLocation() {
        assertThat(DatabaseType.MYSQL.schemaLocation()).isEqualTo("classpath:db/outbox/mysql");
        assertThat(DatabaseType.POSTGRESQL.schemaLocation()).isEqualTo("classpath:db/outbox/postgresql");
        assertThat(DatabaseType.H2.schemaLocation()).isEqualTo("classpath:db/outbox/h2");
    }
}
