/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.util.Locale;
import java.util.Map;

import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The test kit on a fresh database of a real server, the one named by the server's environment variable
 * ({@link TestDatabase.Kind#environmentVariable()}); skipped, with the reason printed, without one.
 */
abstract class ServerOutboxTestKitContract extends OutboxTestKitContract {

    private TestDatabase database;

    /**
     * @return the server the tests run on
     */
    protected abstract TestDatabase.Kind kind();

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(kind(), "test_kit_" + kind().name().toLowerCase(Locale.ROOT));
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
