/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.store.DatabaseType;
import dev.outbox.testing.TestDatabase;

class PostgreSqlAutoConfigurationTests extends AbstractDatabaseAutoConfigurationTests {

    @Override
    protected TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }

    @Override
    protected DatabaseType expectedDatabaseType() {
        return DatabaseType.POSTGRESQL;
    }
}
