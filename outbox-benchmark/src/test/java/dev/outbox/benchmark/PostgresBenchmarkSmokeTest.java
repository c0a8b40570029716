/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import dev.outbox.testing.TestDatabase;

class PostgresBenchmarkSmokeTest extends ServerBenchmarkSmokeContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
