/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import dev.outbox.testing.TestDatabase;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The order flow on the {@code mysql} profile, through the test kit, against a fresh database on the MariaDB (or
 * MySQL) server named by {@code OUTBOX_TEST_MARIADB_URL}; skipped, with the reason printed, without one.
 */
@ActiveProfiles("mysql")
@DirtiesContext
class MariaDbOrderFlowTest extends DrainedOrderFlowContract {

    private static @Nullable TestDatabase database;

    @BeforeAll
    static void createDatabase() {
        // Runs before the application context is started: no server means the class is skipped.
        database = TestDatabase.create(TestDatabase.Kind.MARIADB, "sample_e2e");
    }

    @DynamicPropertySource
    static void useTestDatabase(DynamicPropertyRegistry registry) {
        database().springDataSource().forEach((name, value) -> registry.add(name, () -> value));
    }

    @AfterAll
    static void closeDatabase() {
        if (database != null) {
            database.close();
        }
    }

    private static TestDatabase database() {
        if (database == null) {
            throw new IllegalStateException("The test database is created in @BeforeAll");
        }
        return database;
    }
}
