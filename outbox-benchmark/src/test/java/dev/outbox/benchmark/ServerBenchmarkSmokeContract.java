/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import javax.sql.DataSource;

import dev.outbox.schema.OutboxSchema;
import dev.outbox.store.OutboxStore;
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

    @Test
    void theOutboxAndPlainTablesHaveExactlyTheIndexesOfTheShippedMigrations() throws SQLException {
        try (BenchmarkDatabase benchmark = new BenchmarkDatabase(BenchmarkOptions.parse(password(), "--url=" + url(),
                "--user=" + user()))) {
            benchmark.recreateTables();
        }
        DataSource dataSource = this.database.newDataSource(2);
        OutboxSchema.migrate(OutboxStore.builder(dataSource).databaseType(this.database.databaseType())
                .name("shipped").outboxTable("shipped_outbox").inboxTable("shipped_inbox")
                .archiveTable("shipped_archive").build());

        Map<String, String> shipped = indexes(dataSource, "shipped_outbox");

        assertThat(shipped).containsKeys("idx_<table>_due", "idx_<table>_ordering", "uk_<table>_key_type")
                .doesNotContainKey("idx_<table>_modified");
        assertThat(indexes(dataSource, BenchmarkDatabase.OUTBOX_TABLE)).isEqualTo(shipped);
        assertThat(indexes(dataSource, BenchmarkDatabase.PLAIN_TABLE)).isEqualTo(shipped);
    }

    /**
     * @return the table's indexes, by name with the table's name as {@code <table>}: whether each is unique, and its
     * columns in order
     */
    private static Map<String, String> indexes(DataSource dataSource, String table) throws SQLException {
        Map<String, List<String>> columns = new TreeMap<>();
        Map<String, Boolean> unique = new TreeMap<>();
        try (Connection connection = dataSource.getConnection()) {
            DatabaseMetaData metaData = connection.getMetaData();
            try (ResultSet index = metaData.getIndexInfo(connection.getCatalog(), connection.getSchema(), table, false,
                    false)) {
                while (index.next()) {
                    String name = index.getString("INDEX_NAME");
                    if (name == null || index.getShort("TYPE") == DatabaseMetaData.tableIndexStatistic) {
                        continue;
                    }
                    String normalised = name.toLowerCase(Locale.ROOT).replace(table, "<table>");
                    // The rows come ordered by index name and column position.
                    columns.computeIfAbsent(normalised, key -> new ArrayList<>()).add(index.getString("COLUMN_NAME"));
                    unique.put(normalised, !index.getBoolean("NON_UNIQUE"));
                }
            }
        }
        Map<String, String> indexes = new TreeMap<>();
        columns.forEach((name, names) -> indexes.put(name, (unique.get(name) ? "unique " : "") + names));
        return indexes;
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
