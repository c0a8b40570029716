/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.guard;

import dev.outbox.testing.TestDatabase;

class MariaDbStaleUpdateGuardTest extends StaleUpdateGuardContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
