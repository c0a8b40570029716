/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.util.Map;

import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The test kit on a fresh database of the server named by {@code OUTBOX_TEST_MARIADB_URL}; skipped, with the
 * reason printed, without one.
 */
class MariaDbOutboxTestKitTest extends OutboxTestKitContract {

    private TestDatabase database;

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "test_kit");
    }

    @AfterAll
    void closeDatabase() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @Override
    protected Map<String, String> dataSource() {
        return this.database.springDataSource();
    }
}
