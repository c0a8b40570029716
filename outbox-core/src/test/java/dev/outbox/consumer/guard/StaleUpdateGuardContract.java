/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.guard;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import javax.sql.DataSource;

import dev.outbox.store.OutboxStore;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The stale-update guard on a real database: out-of-order and repeated messages never overwrite
 * newer data, the first message of a key inserts, and concurrent appliers leave the greatest version.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class StaleUpdateGuardContract {

    private static final int APPLIERS = 8;

    private TestDatabase database;

    private DataSource dataSource;

    private OutboxStore store;

    private JdbcTemplate jdbc;

    private StaleUpdateGuard products;

    abstract TestDatabase.Kind kind();

    @BeforeAll
    void createTables() {
        this.database = TestDatabase.create(kind(), getClass().getSimpleName());
        this.dataSource = this.database.newDataSource(APPLIERS + 2);
        this.store = this.database.store(this.dataSource);
        this.jdbc = new JdbcTemplate(this.dataSource);
        String timestamp = (kind() == TestDatabase.Kind.MARIADB) ? "DATETIME(3)" : "TIMESTAMP(3)";
        this.jdbc.execute("CREATE TABLE product_view (product_id VARCHAR(64) PRIMARY KEY, name VARCHAR(64),"
                + " price BIGINT, version BIGINT NOT NULL)");
        this.jdbc.execute("CREATE TABLE price_view (sku VARCHAR(64) PRIMARY KEY, price BIGINT, modified_at "
                + timestamp + " NOT NULL)");
        this.products = StaleUpdateGuard.builder(this.store).table("product_view").keyColumn("product_id")
                .versionColumn("version").columns("name", "price").build();
    }

    @AfterAll
    void closePools() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @BeforeEach
    void cleanTables() {
        this.jdbc.update("DELETE FROM product_view");
        this.jdbc.update("DELETE FROM price_view");
    }

    @Test
    void firstMessageOfAKeyInsertsItsRow() {
        assertThat(applyProduct("p-1", 5, "Lamp")).isTrue();

        assertThat(stored("p-1")).isEqualTo(Map.of("name", "Lamp", "version", 5L));
    }

    @Test
    void messagesArrivingAThenCThenBLeaveCStoredAndReportBStale() {
        assertThat(applyProduct("p-1", 1, "A")).isTrue();
        assertThat(applyProduct("p-1", 3, "C")).isTrue();

        assertThat(applyProduct("p-1", 2, "B")).as("B is older than the stored C").isFalse();

        assertThat(stored("p-1")).isEqualTo(Map.of("name", "C", "version", 3L));
    }

    @Test
    void equalVersionIsStaleSoARedeliveredMessageIsNotAppliedTwice() {
        assertThat(applyProduct("p-1", 7, "Lamp")).isTrue();

        assertThat(applyProduct("p-1", 7, "Lamp, again")).isFalse();

        assertThat(stored("p-1")).isEqualTo(Map.of("name", "Lamp", "version", 7L));
    }

    @Test
    void nullValuesAreWritten() {
        applyProduct("p-1", 1, "Lamp");
        Map<String, Object> withoutName = new HashMap<>();
        withoutName.put("name", null);
        withoutName.put("price", 10L);

        assertThat(this.products.applyIfNewer("p-1", 2, withoutName)).isTrue();

        assertThat(this.jdbc.queryForObject("SELECT name FROM product_view WHERE product_id = 'p-1'", String.class))
                .isNull();
    }

    @Test
    void timestampVersionsAreComparedAsTimes() {
        StaleUpdateGuard prices = StaleUpdateGuard.builder(this.store).table("price_view").keyColumn("sku")
                .versionColumn("modified_at").columns("price").build();
        Instant monday = Instant.parse("2026-03-02T09:00:00.001Z");
        Instant tuesday = Instant.parse("2026-03-03T09:00:00Z");

        assertThat(prices.applyIfNewer("sku-1", tuesday, Map.of("price", 120L))).isTrue();
        assertThat(prices.applyIfNewer("sku-1", monday, Map.of("price", 100L))).isFalse();
        assertThat(prices.applyIfNewer("sku-1", tuesday, Map.of("price", 999L))).isFalse();
        assertThat(prices.applyIfNewer("sku-1", tuesday.plusMillis(1), Map.of("price", 130L))).isTrue();

        assertThat(this.jdbc.queryForObject("SELECT price FROM price_view WHERE sku = 'sku-1'", Long.class))
                .isEqualTo(130L);
    }

    @Test
    void guardJoinsTheCallersTransaction() {
        TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(this.dataSource));

        transaction.executeWithoutResult(status -> {
            assertThat(applyProduct("p-1", 1, "Lamp")).isTrue();
            status.setRollbackOnly();
        });

        assertThat(this.jdbc.queryForList("SELECT product_id FROM product_view")).isEmpty();
    }

    @Test
    void concurrentAppliersOfOneKeyAlwaysLeaveTheGreatestVersionStored() throws Exception {
        ExecutorService appliers = Executors.newFixedThreadPool(APPLIERS);
        try {
            for (int round = 0; round < 20; round++) {
                String key = "p-" + round;
                List<Long> versions = new ArrayList<>(LongStream.rangeClosed(1, APPLIERS).boxed().toList());
                Collections.shuffle(versions);
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Boolean>> results = new ArrayList<>();
                for (long version : versions) {
                    Callable<Boolean> apply = () -> {
                        start.await();
                        return applyProduct(key, version, "v" + version);
                    };
                    results.add(appliers.submit(apply));
                }
                start.countDown();
                int applied = 0;
                for (int i = 0; i < versions.size(); i++) {
                    boolean result = results.get(i).get(30, TimeUnit.SECONDS);
                    applied += result ? 1 : 0;
                    if (versions.get(i) == APPLIERS) {
                        assertThat(result).as("the greatest version is never stale").isTrue();
                    }
                }
                assertThat(applied).isBetween(1, APPLIERS);
                assertThat(stored(key)).isEqualTo(Map.of("name", "v" + APPLIERS, "version", (long) APPLIERS));
            }
        }
        finally {
            appliers.shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "product_view; DROP TABLE price_view", "name--", "x' OR '1'='1", "a.b", "`name`", "" })
    void invalidIdentifiersAreRejectedNamingTheRule(String name) {
        StaleUpdateGuard.Builder builder = StaleUpdateGuard.builder(this.store);
        assertThatIllegalArgumentException().isThrownBy(() -> builder.table(name))
                .withMessageContaining("stale-update guard table '" + name + "' is not a plain SQL identifier");
        assertThatIllegalArgumentException().isThrownBy(() -> builder.keyColumn(name))
                .withMessageContaining("key column '" + name + "'");
        assertThatIllegalArgumentException().isThrownBy(() -> builder.versionColumn(name))
                .withMessageContaining("version column '" + name + "'");
        assertThatIllegalArgumentException().isThrownBy(() -> builder.columns("name", name))
                .withMessageContaining("column '" + name + "'");
    }

    @Test
    void incompleteOrContradictoryConfigurationIsRejected() {
        assertThatIllegalStateException().isThrownBy(() -> StaleUpdateGuard.builder(this.store)
                .table("product_view").versionColumn("version").build()).withMessageContaining("keyColumn");
        assertThatIllegalStateException().isThrownBy(() -> StaleUpdateGuard.builder(this.store)
                .table("product_view").keyColumn("product_id").versionColumn("version").columns("version").build())
                .withMessageContaining("column 'version' is the key or version column");
    }

    @Test
    void valuesMustNameExactlyTheConfiguredColumns() {
        assertThatIllegalArgumentException().isThrownBy(() -> this.products.applyIfNewer("p-1", 1,
                Map.of("name", "Lamp", "colour", "red"))).withMessageContaining("[name, price]")
                .withMessageContaining("colour");
        assertThat(this.jdbc.queryForList("SELECT product_id FROM product_view")).isEmpty();
    }

    private boolean applyProduct(String key, long version, String name) {
        return this.products.applyIfNewer(key, version, Map.of("name", name, "price", version * 100));
    }

    private Map<String, Object> stored(String key) {
        return this.jdbc.queryForMap("SELECT name, version FROM product_view WHERE product_id = ?", key).entrySet()
                .stream().collect(Collectors.toMap(entry -> entry.getKey().toLowerCase(Locale.ROOT),
                        entry -> (entry.getValue() instanceof Number n) ? (Object) n.longValue() : entry.getValue()));
    }
}
