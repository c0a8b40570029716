/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

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

    @Test
    void anInstanceKilledWithSigkillHasItsMessagesSentByTheSurvivor() throws Exception {
        // The killed instance runs in a JVM of its own, which an in-memory database cannot be shared with.
        BenchmarkOptions options = BenchmarkOptions.parse(password(), "--url=" + url(), "--user=" + user(),
                "--phases=R", "--rate=50", "--outage-seconds=1", "--kill-lease-seconds=2", "--timeout=60");

        List<PhaseReport> reports = new Benchmark(options, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8)).run();

        Measurement kill = reports.get(0).measurements().stream()
                .filter(measurement -> measurement.name().startsWith("instance killed with SIGKILL")).findFirst()
                .orElseThrow();
        assertThat(kill.figures()).containsEntry("leaseSeconds", 2L).containsEntry("heldMessages", 1000)
                .containsEntry("timedOut", false).containsEntry("duplicates", 0L);
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
