/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.testing.TestDatabase;

class MariaDbSkipLockedClaimsTest extends SkipLockedClaimsContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
