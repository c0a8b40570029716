/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample.jpa;

import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The JPA contract on a fresh database of the server named by {@code OUTBOX_TEST_MARIADB_URL}.
 */
class MariaDbJpaOutboxTest extends JpaOutboxContract {

    @BeforeAll
    static void createDatabase() {
        // Runs before the application context is started: no server means the class is skipped.
        createDatabase(TestDatabase.Kind.MARIADB, "sample_jpa_mariadb");
    }

    @DynamicPropertySource
    static void useTestDatabase(DynamicPropertyRegistry registry) {
        registerDatabase(registry);
    }
}
