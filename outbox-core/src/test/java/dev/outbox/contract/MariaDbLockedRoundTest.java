/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import dev.outbox.testing.TestDatabase;

class MariaDbLockedRoundTest extends LockedRoundContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
