/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageBuilder;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.message.SaveResult;
import dev.outbox.metrics.MicrometerOutboxMetrics;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.spi.MessageSender;
import dev.outbox.store.ClaimStrategy;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Many writers and many dispatchers on one table, under the database's default isolation.
 */
abstract class ConcurrencyContract extends DatabaseContract {

    private static final int WRITERS = 8;

    private static final int KEYS = 300;

    /** A drain's backlog: 50 claims of {@value #BATCH_SIZE} rows, enough for four instances to contend. */
    private static final int MESSAGES = 2_000;

    /** Small batches, so that a backlog that drains quickly still makes many claims. */
    private static final int BATCH_SIZE = 40;

    private static final int DISPATCHERS = 4;

    /** The share of claimed rows that optimistic claims may lose to other instances. */
    private static final double MOST_LOST_SHARE = 0.05;

    @Test
    void eightWritersSavingTheSameKeysNeverFailABusinessTransaction() throws Exception {
        OutboxTemplate outbox = this.fixture.template().build();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
        List<Future<List<SaveResult>>> results = new ArrayList<>();
        for (int writer = 0; writer < WRITERS; writer++) {
            int writerId = writer;
            results.add(writers.submit(() -> {
                start.await();
                List<SaveResult> saved = new ArrayList<>(KEYS);
                // Every writer saves every key, so each key is saved by eight transactions at once.
                for (int key = 0; key < KEYS; key++) {
                    String messageKey = "order-" + key;
                    saved.add(this.fixture.inTransaction(() -> {
                        this.fixture.insertBusinessRow("writer-" + writerId);
                        return outbox.save("order.created", messageKey, "orders", "{\"writer\":" + writerId + "}");
                    }));
                }
                return saved;
            }));
        }
        start.countDown();
        List<List<SaveResult>> perWriter = new ArrayList<>();
        for (Future<List<SaveResult>> result : results) {
            perWriter.add(result.get());
        }
        writers.shutdown();

        assertThat(this.fixture.countBusinessRows()).as("every business transaction committed")
                .isEqualTo(WRITERS * KEYS);
        assertThat(this.fixture.countAll()).isEqualTo(KEYS);
        for (int key = 0; key < KEYS; key++) {
            int index = key;
            List<SaveResult> forKey = perWriter.stream().map(saved -> saved.get(index)).toList();
            assertThat(forKey).extracting(SaveResult::id).as("one id per key").containsOnly(forKey.get(0).id());
            assertThat(forKey).filteredOn(saved -> !saved.duplicate()).as("exactly one writer inserted").hasSize(1);
        }
    }

    @ParameterizedTest
    @EnumSource(Claims.class)
    void fourDispatchersWithTheirOwnPoolsDeliverEveryMessageExactlyOnce(Claims claims) {
        insertBacklog(i -> null);
        DeliveryLog log = new DeliveryLog();

        SimpleMeterRegistry registry = drainWithFourDispatchers(claims, log);

        log.assertEachDeliveredExactlyOnce(MESSAGES);
        // Each row was claimed once; only the optimistic claim can lose rows to another instance, and its
        // slices keep those few.
        assertThat(registry.get("outbox.claims.rows").tag("result", "claimed").counter().count()).isEqualTo(MESSAGES);
        double lost = registry.get("outbox.claims.rows").tag("result", "lost").counter().count();
        if (claims.strategy == ClaimStrategy.SKIP_LOCKED) {
            assertThat(lost).isZero();
        }
        else {
            assertThat(lost).as("rows lost to other instances").isLessThan(MOST_LOST_SHARE * MESSAGES);
        }
        List<Map<String, Object>> rows = this.fixture.jdbc.queryForList("SELECT id, message_id FROM local_message");
        assertThat(rows).hasSize(MESSAGES).allSatisfy(row -> assertThat(row.get("message_id"))
                .isEqualTo("ok-" + row.get("id")));
    }

    @ParameterizedTest
    @EnumSource(Claims.class)
    void fourDispatchersKeepEachOrderingKeyInOrder(Claims claims) {
        int orderingKeys = 50;
        insertBacklog(i -> (i % 2 == 0) ? "customer-" + (i % (2 * orderingKeys)) : null);
        DeliveryLog log = new DeliveryLog();

        drainWithFourDispatchers(claims, log);

        log.assertEachDeliveredExactlyOnce(MESSAGES);
        log.assertEachOrderingKeyArrivedInIdOrder(orderingKeys);
    }

    @Test
    void instancesWritingAndHandingOffConcurrentlyDeliverEveryMessageExactlyOnce() throws Exception {
        DeliveryLog log = new DeliveryLog();
        List<Dispatcher> dispatchers = new ArrayList<>();
        List<OutboxTemplate> templates = new ArrayList<>();
        List<TransactionTemplate> transactions = new ArrayList<>();
        for (int instance = 0; instance < DISPATCHERS; instance++) {
            DataSource pool = this.fixture.database.newDataSource(6);
            Dispatcher dispatcher = dispatcher(pool, Claims.LOCKED_ROUND, log, OutboxMetrics.NONE);
            dispatchers.add(dispatcher);
            templates.add(OutboxTemplate.builder(this.fixture.store(pool)).handoff(dispatcher).build());
            transactions.add(new TransactionTemplate(new DataSourceTransactionManager(pool)));
        }
        dispatchers.forEach(Dispatcher::start);
        int perWriter = 400;
        ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
        try {
            List<Future<?>> writing = new ArrayList<>();
            for (int writer = 0; writer < WRITERS; writer++) {
                OutboxTemplate outbox = templates.get(writer % DISPATCHERS);
                TransactionTemplate transaction = transactions.get(writer % DISPATCHERS);
                int writerId = writer;
                writing.add(writers.submit(() -> {
                    for (int i = 0; i < perWriter; i++) {
                        String key = "w" + writerId + "-" + i;
                        transaction.executeWithoutResult(
                                status -> outbox.save("order.created", key, "orders", "{}"));
                    }
                }));
            }
            for (Future<?> done : writing) {
                done.get();
            }
            awaitAllSent(WRITERS * perWriter);
        }
        finally {
            writers.shutdown();
            dispatchers.forEach(Dispatcher::stop);
        }

        log.assertEachDeliveredExactlyOnce(WRITERS * perWriter);
    }

    private SimpleMeterRegistry drainWithFourDispatchers(Claims claims, MessageSender sender) {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        OutboxMetrics metrics = new MicrometerOutboxMetrics(registry);
        List<Dispatcher> dispatchers = IntStream.range(0, DISPATCHERS)
                .mapToObj(i -> dispatcher(this.fixture.database.newDataSource(3), claims, sender, metrics))
                .toList();
        dispatchers.forEach(Dispatcher::start);
        try {
            awaitAllSent(MESSAGES);
        }
        finally {
            dispatchers.forEach(Dispatcher::stop);
        }
        return registry;
    }

    /** One instance: a dispatcher with a connection pool of its own. */
    private Dispatcher dispatcher(DataSource pool, Claims claims, MessageSender sender, OutboxMetrics metrics) {
        DispatcherSettings.Builder settings = DispatcherSettings.builder().claimStrategy(claims.strategy);
        if (claims.lockedSendWindow != null) {
            settings.lockedSendWindow(claims.lockedSendWindow);
        }
        return Dispatcher.builder(this.fixture.store(pool), MessageRoutes.to(sender))
                .settings(settings.batchSize(BATCH_SIZE)
                        .pollInterval(Duration.ofMillis(50)).maxPollInterval(Duration.ofMillis(200)).build())
                .metrics(metrics)
                .build();
    }

    /**
     * How the instances claim: the skip-locked strategy in its locked round (the default window) or on its lease
     * path (window 0, as the slow retry of FAILED rows always does), or the optimistic strategy.
     */
    enum Claims {

        LOCKED_ROUND(ClaimStrategy.SKIP_LOCKED, null),

        SKIP_LOCKED_LEASES(ClaimStrategy.SKIP_LOCKED, Duration.ZERO),

        OPTIMISTIC(ClaimStrategy.OPTIMISTIC, null);

        final ClaimStrategy strategy;

        /** The locked send window, or null for the default. */
        final @Nullable Duration lockedSendWindow;

        Claims(ClaimStrategy strategy, @Nullable Duration lockedSendWindow) {
            this.strategy = strategy;
            this.lockedSendWindow = lockedSendWindow;
        }
    }

    private void awaitAllSent(int expected) {
        await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(100))
                .until(() -> this.fixture.count("state = 'SENT'") == expected);
    }

    private void insertBacklog(IntFunction<String> orderingKey) {
        OutboxTemplate outbox = this.fixture.template().build();
        for (int chunk = 0; chunk < MESSAGES; chunk += 500) {
            int first = chunk;
            this.fixture.inTransaction(() -> {
                for (int i = first; i < first + 500; i++) {
                    MessageBuilder message = outbox.message("order.created").key("order-" + i).topic("orders")
                            .payload("{\"i\":" + i + "}");
                    String key = orderingKey.apply(i);
                    if (key != null) {
                        message.orderingKey(key);
                    }
                    message.save();
                }
                return null;
            });
        }
        assertThat(this.fixture.countAll()).isEqualTo(MESSAGES);
    }
}
