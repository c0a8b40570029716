/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import javax.sql.DataSource;

import dev.outbox.consumer.inbox.Consumption;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.MutableClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The idempotent consumer on a real database: the business logic runs once per key and group, in
 * the consumer's transaction, whatever the redeliveries, their concurrency and the instances.
 */
abstract class InboxContract extends DatabaseContract {

    private static final String INBOX = OutboxStore.DEFAULT_INBOX_TABLE;

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00.123Z");

    private final MutableClock clock = new MutableClock(NOW);

    private final AtomicInteger runs = new AtomicInteger();

    @BeforeEach
    void cleanInbox() {
        this.fixture.jdbc.update("DELETE FROM " + INBOX);
        this.clock.set(NOW);
        this.runs.set(0);
    }

    @Test
    void newKeyRunsTheLogicAndRecordsTheKeyWithItsResult() {
        Consumption consumed = this.fixture.inTransaction(
                () -> inbox().consume("billing", "order-1", "order.created", placeOrder("order-1")));

        assertThat(consumed).isEqualTo(new Consumption(false, "placed order-1"));
        assertThat(this.runs).hasValue(1);
        assertThat(this.fixture.countBusinessRows()).isOne();
        assertThat(this.fixture.jdbc.queryForMap("SELECT consumer_group, idempotency_key, message_type, result, "
                + "consumed_at FROM " + INBOX)).containsEntry("consumer_group", "billing")
                .containsEntry("idempotency_key", "order-1").containsEntry("message_type", "order.created")
                .containsEntry("result", "placed order-1");
        assertThat(this.fixture.jdbc.queryForObject("SELECT consumed_at FROM " + INBOX, LocalDateTime.class))
                .isEqualTo(LocalDateTime.ofInstant(NOW, ZoneOffset.UTC));
    }

    @Test
    void duplicateDoesNotRunTheLogicAndReturnsWhatTheFirstRunRecorded() {
        Inbox inbox = inbox();
        this.fixture.inTransaction(() -> inbox.consume("billing", "order-1", placeOrder("order-1")));

        Consumption[] again = this.fixture.inTransaction(() -> {
            Consumption later = inbox.consume("billing", "order-1", placeOrder("again"));
            Consumption sameTransaction = inbox.consume("billing", "order-1", placeOrder("again"));
            // On PostgreSQL a failed statement would abort the transaction: this insert proves none failed.
            this.fixture.insertBusinessRow("after-duplicates");
            return new Consumption[] { later, sameTransaction };
        });

        assertThat(again).containsOnly(new Consumption(true, "placed order-1"));
        assertThat(this.runs).hasValue(1);
        assertThat(this.fixture.countBusinessRows()).isEqualTo(2);
        assertThat(countKeys()).isOne();
    }

    @Test
    void eachConsumerGroupConsumesTheKeyOnce() {
        Inbox inbox = inbox();

        Consumption billing = this.fixture.inTransaction(() -> inbox.consume("billing", "order-1", placeOrder("b")));
        Consumption shipping = this.fixture.inTransaction(() -> inbox.consume("shipping", "order-1", placeOrder("s")));

        assertThat(billing.duplicate()).isFalse();
        assertThat(shipping).isEqualTo(new Consumption(false, "placed s"));
        assertThat(countKeys()).isEqualTo(2);
    }

    @Test
    void logicWithoutAResultRecordsTheKeyAndDuplicatesGetNoResult() {
        Inbox inbox = inbox();
        Supplier<String> noResult = () -> {
            this.runs.incrementAndGet();
            return null;
        };

        Consumption first = this.fixture.inTransaction(() -> inbox.consume("billing", "order-1", noResult));
        Consumption duplicate = this.fixture.inTransaction(() -> inbox.consume("billing", "order-1", noResult));

        assertThat(first).isEqualTo(new Consumption(false, null));
        assertThat(duplicate).isEqualTo(new Consumption(true, null));
        assertThat(this.runs).hasValue(1);
    }

    @Test
    void logicThatThrowsRollsBackAndLeavesNoKeySoARedeliveryRunsItAgain() {
        Inbox inbox = inbox();

        assertThatThrownBy(() -> this.fixture.inTransaction(() -> inbox.consume("billing", "order-1", () -> {
            placeOrder("order-1").get();
            throw new IllegalStateException("payment service down");
        }))).hasMessage("payment service down");

        assertThat(countKeys()).isZero();
        assertThat(this.fixture.countBusinessRows()).isZero();
        Consumption redelivered = this.fixture.inTransaction(
                () -> inbox.consume("billing", "order-1", placeOrder("order-1")));
        assertThat(redelivered).isEqualTo(new Consumption(false, "placed order-1"));
        assertThat(this.runs).hasValue(2);
        assertThat(this.fixture.countBusinessRows()).isOne();
    }

    @Test
    void keyOfFailedLogicIsNotRecordedEvenWhenTheCallerCommitsAnyway() {
        Inbox inbox = inbox();

        this.fixture.inTransaction(() -> {
            assertThatThrownBy(() -> inbox.consume("billing", "order-1", () -> {
                throw new IllegalStateException("rejected");
            })).hasMessage("rejected");
            return null;
        });

        assertThat(countKeys()).isZero();
    }

    @Test
    void consumeOutsideATransactionIsRejectedAndNeitherRunsNorWrites() {
        assertThatThrownBy(() -> inbox().consume("billing", "order-1", placeOrder("order-1")))
                .isInstanceOf(IllegalTransactionStateException.class)
                .hasMessageStartingWith("inbox.consume(...) needs an active transaction")
                .hasMessageContaining("@Transactional");

        assertThat(this.runs).hasValue(0);
        assertThat(countKeys()).isZero();
    }

    static Stream<Arguments> invalidDeliveries() {
        String nul = "a\0b";
        return Stream.of(
                Arguments.of(null, "order-1", null, "'consumerGroup' is required"),
                Arguments.of(" ", "order-1", null, "'consumerGroup' is required"),
                Arguments.of("g".repeat(129), "order-1", null, "'consumerGroup' is 129 characters long"),
                Arguments.of("billing", null, null, "'idempotencyKey' is required"),
                Arguments.of("billing", "", null, "'idempotencyKey' is required"),
                Arguments.of("billing", "k".repeat(256), null, "'idempotencyKey' is 256 characters long"),
                Arguments.of("billing", nul, null, "'idempotencyKey' contains a NUL character"),
                Arguments.of("billing", "order-1", "t".repeat(65), "'messageType' is 65 characters long"),
                Arguments.of("billing", "order-1", "", "'messageType' is required"));
    }

    @ParameterizedTest(name = "{3}")
    @MethodSource("invalidDeliveries")
    void invalidArgumentIsRejectedByNameBeforeAnySqlAndTheTransactionGoesOn(String group, String key, String type,
            String problem) {
        Inbox inbox = inbox();

        this.fixture.inTransaction(() -> {
            assertThatThrownBy(() -> inbox.consume(group, key, type, placeOrder("invalid")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("Invalid inbox delivery: " + problem);
            return inbox.consume("billing", "order-2", placeOrder("order-2"));
        });

        assertThat(this.runs).hasValue(1);
        assertThat(countKeys()).isOne();
    }

    @Test
    void longestArgumentsThatFitTheColumnsAreStored() {
        String group = "\uD83D\uDE00".repeat(128);
        String key = "\u00e9".repeat(255);
        String result = "r".repeat(65_535);

        Consumption consumed = this.fixture.inTransaction(
                () -> inbox().consume(group, key, "t".repeat(64), () -> result));
        Consumption duplicate = this.fixture.inTransaction(() -> inbox().consume(group, key, () -> "other"));

        assertThat(consumed.result()).isEqualTo(result);
        assertThat(duplicate).isEqualTo(new Consumption(true, result));
    }

    @Test
    void tooLongResultFailsTheConsumptionAndLeavesNoKey() {
        assertThatThrownBy(() -> this.fixture.inTransaction(
                () -> inbox().consume("billing", "order-1", () -> "r".repeat(65_536))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'result' is 65536 bytes as UTF-8");

        assertThat(countKeys()).isZero();
    }

    @Test
    void duplicateCommittedAfterTheTransactionsSnapshotIsStillFound() {
        Inbox inbox = inbox();

        Consumption mine = this.fixture.inTransaction(() -> {
            // A first read: under MySQL's REPEATABLE READ it fixes the snapshot this transaction reads.
            this.fixture.countBusinessRows();
            CompletableFuture.runAsync(() -> this.fixture.inTransaction(
                    () -> inbox.consume("billing", "order-1", placeOrder("other")))).join();
            return inbox.consume("billing", "order-1", placeOrder("mine"));
        });

        assertThat(mine).isEqualTo(new Consumption(true, "placed other"));
        assertThat(this.runs).hasValue(1);
    }

    @Test
    void secondDeliveryWaitsForTheFirstsUncommittedKeyThenIsADuplicate() throws Exception {
        Inbox inbox = inbox();
        CountDownLatch firstRunning = new CountDownLatch(1);
        CountDownLatch finishFirst = new CountDownLatch(1);

        CompletableFuture<Consumption> first = CompletableFuture.supplyAsync(() -> this.fixture.inTransaction(
                () -> inbox.consume("billing", "order-1", () -> {
                    firstRunning.countDown();
                    awaitLatch(finishFirst);
                    return placeOrder("first").get();
                })));
        awaitLatch(firstRunning);
        CompletableFuture<Consumption> second = CompletableFuture.supplyAsync(() -> this.fixture.inTransaction(
                () -> inbox.consume("billing", "order-1", placeOrder("second"))));

        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> !second.isDone());
        finishFirst.countDown();

        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo(new Consumption(false, "placed first"));
        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo(new Consumption(true, "placed first"));
        assertThat(this.runs).hasValue(1);
    }

    @Test
    void secondDeliveryWaitingForAKeyThatRollsBackRunsTheLogicItself() throws Exception {
        Inbox inbox = inbox();
        CountDownLatch firstRunning = new CountDownLatch(1);
        CountDownLatch failFirst = new CountDownLatch(1);

        CompletableFuture<Consumption> first = CompletableFuture.supplyAsync(() -> this.fixture.inTransaction(
                () -> inbox.consume("billing", "order-1", () -> {
                    firstRunning.countDown();
                    awaitLatch(failFirst);
                    throw new IllegalStateException("first failed");
                })));
        awaitLatch(firstRunning);
        CompletableFuture<Consumption> second = CompletableFuture.supplyAsync(() -> this.fixture.inTransaction(
                () -> inbox.consume("billing", "order-1", placeOrder("second"))));

        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> !second.isDone());
        failFirst.countDown();

        assertThatThrownBy(() -> first.get(10, TimeUnit.SECONDS)).hasRootCauseMessage("first failed");
        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo(new Consumption(false, "placed second"));
        assertThat(countKeys()).isOne();
    }

    @Test
    void eightConsumersOnTwoInstancesRunTheLogicExactlyOncePerKey() throws Exception {
        int keys = 200;
        int threads = 8;
        int passes = 3;
        // Two instances of the service: each with its own connection pool, inbox and transaction manager.
        Instance[] instances = { instance(this.fixture.dataSource), instance(this.fixture.database.newDataSource(8)) };
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService consumers = Executors.newFixedThreadPool(threads);
        List<Future<List<Consumption>>> results = new ArrayList<>();
        for (int thread = 0; thread < threads; thread++) {
            Instance instance = instances[thread % 2];
            String consumer = "consumer-" + thread;
            results.add(consumers.submit(() -> {
                start.await();
                List<Consumption> consumed = new ArrayList<>();
                for (int pass = 0; pass < passes; pass++) {
                    // All threads take the keys in the same order, so each key is delivered eight times at once.
                    for (int key = 0; key < keys; key++) {
                        String orderKey = "order-" + key;
                        consumed.add(instance.transaction().execute(status -> instance.inbox()
                                .consume("billing", orderKey, () -> {
                                    instance.jdbc().update("INSERT INTO business_order (name) VALUES (?)", orderKey);
                                    return consumer;
                                })));
                    }
                }
                return consumed;
            }));
        }
        start.countDown();
        List<List<Consumption>> perThread = new ArrayList<>();
        for (Future<List<Consumption>> result : results) {
            perThread.add(result.get(60, TimeUnit.SECONDS));
        }
        consumers.shutdown();

        assertThat(this.fixture.countBusinessRows()).as("the business effect happened once per key").isEqualTo(keys);
        assertThat(this.fixture.jdbc.queryForObject("SELECT COUNT(DISTINCT name) FROM business_order", Integer.class))
                .isEqualTo(keys);
        assertThat(countKeys()).isEqualTo(keys);
        for (int key = 0; key < keys; key++) {
            int index = key;
            List<Consumption> forKey = perThread.stream()
                    .flatMap(consumed -> IntStream.range(0, passes).mapToObj(pass -> consumed.get(pass * keys + index)))
                    .toList();
            assertThat(forKey).filteredOn(consumed -> !consumed.duplicate()).as("one delivery ran the logic")
                    .hasSize(1);
            assertThat(forKey).extracting(Consumption::result).as("every delivery got the first run's result")
                    .containsOnly(forKey.get(0).result());
        }
    }

    @Test
    void retentionDeletesOnlyKeysConsumedBeforeTheCutoffInBatches() {
        Inbox inbox = Inbox.builder(this.fixture.store).clock(this.clock).cleanupBatchSize(3).build();
        IntStream.range(0, 7).forEach(i -> this.fixture.inTransaction(
                () -> inbox.consume("billing", "old-" + i, () -> null)));
        this.clock.advance(Duration.ofDays(7));
        Instant cutoff = this.clock.instant();
        IntStream.range(0, 2).forEach(i -> this.fixture.inTransaction(
                () -> inbox.consume("billing", "new-" + i, () -> null)));

        assertThat(inbox.deleteConsumedBefore(cutoff)).isEqualTo(7);

        assertThat(this.fixture.jdbc.queryForList("SELECT idempotency_key FROM " + INBOX, String.class))
                .containsExactlyInAnyOrder("new-0", "new-1");
        assertThat(inbox.deleteConsumedBefore(cutoff)).isZero();
        // A deleted key is a new key again: retention must outlast every redelivery.
        assertThat(this.fixture.inTransaction(() -> inbox.consume("billing", "old-0", () -> null)).duplicate())
                .isFalse();
    }

    private Inbox inbox() {
        return Inbox.builder(this.fixture.store).clock(this.clock).build();
    }

    private Instance instance(DataSource dataSource) {
        return new Instance(Inbox.builder(this.fixture.store(dataSource)).clock(this.clock).build(),
                new TransactionTemplate(new DataSourceTransactionManager(dataSource)), new JdbcTemplate(dataSource));
    }

    private Supplier<String> placeOrder(String name) {
        return () -> {
            this.runs.incrementAndGet();
            this.fixture.insertBusinessRow(name);
            return "placed " + name;
        };
    }

    private int countKeys() {
        return Objects.requireNonNull(this.fixture.jdbc.queryForObject("SELECT COUNT(*) FROM " + INBOX, Integer.class));
    }

    /** One instance of a consuming service. */
    private record Instance(Inbox inbox, TransactionTemplate transaction, JdbcTemplate jdbc) {
    }

    private static void awaitLatch(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }
}
