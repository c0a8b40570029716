/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

/**
 * The write path on MariaDB through MySQL Connector/J with its default URL settings, whose update
 * counts for a duplicate differ from what one might expect ("found rows").
 */
class MySqlConnectorSaveTest extends SaveContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }

    /**
     * Connector/J sees MariaDB as server version 5.5.5, older than fractional seconds, and drops the
     * milliseconds it sends. Times stay UTC; leases and retries lose under a second of precision.
     */
    @Override
    boolean keepsMilliseconds() {
        return false;
    }

    @Override
    TestDatabase database(String name) {
        return super.database(name).withMySqlDriver();
    }
}
