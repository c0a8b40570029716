/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import dev.outbox.testing.TestDatabase;

/**
 * The test kit on MariaDB.
 */
class MariaDbOutboxTestKitTest extends ServerOutboxTestKitContract {

    @Override
    protected TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
