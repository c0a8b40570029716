/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;

/**
 * A contract suite on one database: the subclass names the server, the suite gets a fresh
 * database for the class and clean tables for each test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DatabaseContract {

    OutboxFixture fixture;

    abstract TestDatabase.Kind kind();

    /**
     * @param name a name unique to the test class
     * @return a fresh database for the class
     */
    TestDatabase database(String name) {
        return TestDatabase.create(kind(), name);
    }

    @BeforeAll
    void createDatabase() {
        this.fixture = OutboxFixture.create(database(getClass().getSimpleName()));
    }

    @AfterAll
    void closePools() {
        if (this.fixture != null) {
            this.fixture.close();
        }
    }

    @BeforeEach
    void cleanTables() {
        this.fixture.clean();
    }
}
