/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.Objects;

import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * On a database server from the environment (or Testcontainers), in a database of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServerBenchmarkSmokeContract extends BenchmarkSmokeContract {

    private TestDatabase database;

    abstract TestDatabase.Kind kind();

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(kind(), "benchmark_smoke");
    }

    @AfterAll
    void closeDatabase() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @Override
    String url() {
        return this.database.jdbcUrl();
    }

    @Override
    String user() {
        return Objects.toString(this.database.username(), "");
    }

    @Override
    String password() {
        return Objects.toString(this.database.password(), "");
    }
}
