/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import dev.outbox.MessageBuilder;
import dev.outbox.OutboxTemplate;
import dev.outbox.consumer.inbox.Consumption;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.consumer.inbox.OutOfOrderException;
import dev.outbox.message.SaveResult;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.IllegalTransactionStateException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Per-key sequences on a real database: sequenced saves number the committed messages of a key without gaps,
 * whatever rolls back, repeats or runs concurrently, and the inbox runs each key's messages in that order, once,
 * whatever order and how often they arrive.
 */
abstract class SequenceContract extends DatabaseContract {

    private static final String COUNTERS = OutboxStore.DEFAULT_OUTBOX_TABLE + "_sequence";

    private static final String POSITIONS = OutboxStore.DEFAULT_INBOX_TABLE + "_sequence";

    private OutboxTemplate outbox;

    private Inbox inbox;

    @BeforeEach
    void cleanSequences() {
        this.fixture.jdbc.update("DELETE FROM " + COUNTERS);
        this.fixture.jdbc.update("DELETE FROM " + POSITIONS);
        this.outbox = this.fixture.template().build();
        this.inbox = Inbox.builder(this.fixture.store).build();
    }

    @Test
    void sequencedSavesNumberEachKeysMessagesFromOneAndStoreTheNumberInTheirHeaders() {
        SaveResult first = save("account-1", "freeze");
        SaveResult second = save("account-1", "revoke");
        SaveResult otherKey = save("account-2", "freeze");
        SaveResult unsequenced = this.fixture.inTransaction(() -> this.outbox.message("account.step").key("plain")
                .topic("accounts").payload("{}").orderingKey("account-1").save());
        SaveResult third = save("account-1", "archive");

        assertThat(List.of(first, second, third)).extracting(SaveResult::sequence).containsExactly(1L, 2L, 3L);
        assertThat(otherKey.sequence()).isOne();
        assertThat(unsequenced.sequence()).isZero();
        assertThat(this.fixture.row(second.id()).headers()).containsEntry(OutboxHeaders.SEQUENCE, "2");
        assertThat(this.fixture.row(unsequenced.id()).headers()).doesNotContainKey(OutboxHeaders.SEQUENCE);
    }

    @Test
    void rolledBackSaveGivesItsNumberBack() {
        save("account-1", "freeze");
        assertThatThrownBy(() -> this.fixture.inTransaction(() -> {
            sequenced("account-1", "revoke").save();
            throw new IllegalStateException("business rule broken");
        })).hasMessage("business rule broken");

        SaveResult next = save("account-1", "revoke");

        assertThat(next.sequence()).isEqualTo(2);
        assertThat(this.fixture.countAll()).isEqualTo(2);
    }

    @Test
    void duplicateSaveTakesNoNumberAndKeepsTheTransactionUsable() {
        SaveResult first = save("account-1", "freeze");

        SaveResult[] results = this.fixture.inTransaction(() -> {
            SaveResult again = sequenced("account-1", "freeze").save();
            SaveResult next = sequenced("account-1", "revoke").save();
            // On PostgreSQL a failed statement would abort the transaction: this insert proves none failed.
            this.fixture.insertBusinessRow("after-duplicate");
            return new SaveResult[] { again, next };
        });
        SaveResult later = save("account-1", "freeze");

        assertThat(results[0]).isEqualTo(new SaveResult(first.id(), true, 0));
        assertThat(results[1].sequence()).isEqualTo(2);
        assertThat(later).isEqualTo(new SaveResult(first.id(), true, 0));
        assertThat(save("account-1", "archive").sequence()).isEqualTo(3);
    }

    @Test
    void concurrentSavesOfOneKeyAreContiguousAndNumberedInIdOrder() throws Exception {
        int writers = 8;
        int perWriter = 25;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int writer = 0; writer < writers; writer++) {
                int w = writer;
                done.add(pool.submit(() -> IntStream.range(0, perWriter).forEach(i -> this.fixture.inTransaction(() -> {
                    this.fixture.insertBusinessRow("w" + w + "-" + i);
                    return sequenced("account-1", "step-" + w + "-" + i).save();
                }))));
            }
            for (Future<?> writer : done) {
                writer.get(2, TimeUnit.MINUTES);
            }
        }
        finally {
            pool.shutdownNow();
        }

        List<Long> ids = this.fixture.jdbc.queryForList("SELECT id FROM " + OutboxFixture.TABLE + " ORDER BY id",
                Long.class);
        assertThat(ids.stream().map(id -> this.fixture.row(id).headers().get(OutboxHeaders.SEQUENCE)).toList())
                .containsExactlyElementsOf(IntStream.rangeClosed(1, writers * perWriter).mapToObj(Integer::toString)
                        .toList());
    }

    @Test
    void arrivalsOneThreeTwoRunAsOneTwoThree() {
        List<Long> ran = new ArrayList<>();

        assertThat(consume("account-1", 1, ran)).isEqualTo(new Consumption(false, null));
        assertThatThrownBy(() -> consume("account-1", 3, ran)).isInstanceOfSatisfying(OutOfOrderException.class,
                ex -> {
                    assertThat(ex.expected()).isEqualTo(2);
                    assertThat(ex.received()).isEqualTo(3);
                    assertThat(ex.orderingKey()).isEqualTo("account-1");
                    assertThat(ex.consumerGroup()).isEqualTo("accounts");
                });
        assertThat(consume("account-1", 2, ran).duplicate()).isFalse();
        assertThat(consume("account-1", 3, ran).duplicate()).isFalse();

        assertThat(ran).containsExactly(1L, 2L, 3L);
        assertThat(this.fixture.countBusinessRows()).isEqualTo(3);
    }

    @Test
    void aKeysLaterNumberArrivingFirstIsHeldWithoutStartingAPosition() {
        List<Long> ran = new ArrayList<>();

        assertThatThrownBy(() -> consume("account-1", 2, ran)).isInstanceOfSatisfying(OutOfOrderException.class,
                ex -> assertThat(ex.expected()).isEqualTo(1));

        assertThat(this.fixture.jdbc.queryForObject("SELECT COUNT(*) FROM " + POSITIONS, Long.class)).isZero();
        assertThat(consume("account-1", 1, ran).duplicate()).isFalse();
        assertThat(consume("account-1", 2, ran).duplicate()).isFalse();
        assertThat(ran).containsExactly(1L, 2L);
    }

    @Test
    void duplicatesOfAnyNumberRunOnceAndEachGroupKeepsItsOwnPosition() {
        List<Long> ran = new ArrayList<>();

        for (long sequence : new long[] { 1, 1, 2, 1, 2, 3, 2 }) {
            consume("account-1", sequence, ran);
        }
        Consumption otherGroup = this.fixture.inTransaction(() -> this.inbox.consumeInOrder("audit", "account-1", 1,
                null, Map.of(), () -> ran.add(-1L)));

        assertThat(ran).containsExactly(1L, 2L, 3L, -1L);
        assertThat(otherGroup.duplicate()).isFalse();
        assertThat(this.fixture.jdbc.queryForObject("SELECT last_sequence FROM " + POSITIONS
                + " WHERE consumer_group = 'accounts' AND ordering_key = 'account-1'", Long.class)).isEqualTo(3);
    }

    @Test
    void logicThatThrowsLeavesThePositionSoThatTheRedeliveryRunsIt() {
        List<Long> ran = new ArrayList<>();
        consume("account-1", 1, ran);

        assertThatThrownBy(() -> this.fixture.inTransaction(() -> this.inbox.consumeInOrder("accounts", "account-1",
                2, null, Map.of(), () -> {
                    throw new IllegalStateException("downstream unavailable");
                }))).hasMessage("downstream unavailable");

        assertThat(consume("account-1", 2, ran).duplicate()).isFalse();
        assertThat(ran).containsExactly(1L, 2L);
    }

    @Test
    void headersOfASequencedMessageGiveItsKeyAndNumber() {
        List<Long> ran = new ArrayList<>();
        Map<String, String> second = Map.of(OutboxHeaders.ORDERING_KEY, "account-1", OutboxHeaders.SEQUENCE, "2");

        consume("account-1", 1, ran);
        Consumption consumed = this.fixture.inTransaction(
                () -> this.inbox.consumeInOrder("accounts", "account.step", second, () -> ran.add(2L)));

        assertThat(consumed.duplicate()).isFalse();
        assertThat(ran).containsExactly(1L, 2L);
        this.fixture.inTransaction(() -> {
            assertThatIllegalArgumentException().isThrownBy(() -> this.inbox.consumeInOrder("accounts", null,
                    Map.of(OutboxHeaders.ORDERING_KEY, "account-1"), () -> ran.add(0L)))
                    .withMessageContaining("'outbox-sequence'");
            assertThatIllegalArgumentException().isThrownBy(() -> this.inbox.consumeInOrder("accounts", null,
                    Map.of(OutboxHeaders.ORDERING_KEY, "account-1", OutboxHeaders.SEQUENCE, "two"), () -> ran.add(0L)))
                    .withMessageContaining("'sequence' is not a number");
            return null;
        });
    }

    @Test
    void invalidArgumentsAreRejectedBeforeAnySqlAndTheTransactionGoesOn() {
        this.fixture.inTransaction(() -> {
            assertThatIllegalArgumentException().isThrownBy(() -> this.inbox.consumeInOrder("accounts", "account-1",
                    0, null, Map.of(), () -> { })).withMessageContaining("'sequence' must be at least 1, was 0");
            assertThatIllegalArgumentException().isThrownBy(() -> this.inbox.consumeInOrder("accounts",
                    "k".repeat(129), 1, null, Map.of(), () -> { }))
                    .withMessageContaining("'orderingKey' is 129 characters long");
            assertThatIllegalArgumentException().isThrownBy(() -> this.inbox.consumeInOrder("accounts", " ", 1, null,
                    Map.of(), () -> { })).withMessageContaining("'orderingKey' is required");
            this.fixture.insertBusinessRow("after-invalid");
            return null;
        });
        assertThat(this.fixture.countBusinessRows()).isOne();
    }

    @Test
    void consumingInOrderNeedsATransaction() {
        assertThatThrownBy(() -> this.inbox.consumeInOrder("accounts", "account-1", 1, null, Map.of(), () -> { }))
                .isInstanceOf(IllegalTransactionStateException.class)
                .hasMessageContaining("inbox.consumeInOrder(...) needs an active transaction");
    }

    /**
     * Deliveries as a broker with several consumers makes them: every key's messages shuffled among the others',
     * some twice, and a held message put back at the end of the queue for a later delivery.
     */
    @Test
    void eightConcurrentConsumersOverFiftyKeysRunEveryKeysStepsInOrderOnce() throws Exception {
        int keys = 50;
        int steps = 6;
        List<long[]> deliveries = new ArrayList<>();
        Random random = new Random(16);
        for (int key = 0; key < keys; key++) {
            for (int step = 1; step <= steps; step++) {
                deliveries.add(new long[] { key, step });
                if (random.nextInt(4) == 0) {
                    deliveries.add(new long[] { key, step });
                }
            }
        }
        Collections.shuffle(deliveries, random);
        BlockingDeque<long[]> queue = new LinkedBlockingDeque<>(deliveries);
        AtomicInteger held = new AtomicInteger();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        ExecutorService consumers = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<Void>> done = IntStream.range(0, 8).mapToObj(i -> CompletableFuture.runAsync(() -> {
                long[] delivery;
                while (failure.get() == null && (delivery = poll(queue)) != null) {
                    String key = "account-" + delivery[0];
                    long step = delivery[1];
                    try {
                        this.fixture.inTransaction(() -> this.inbox.consumeInOrder("accounts", key, step, null,
                                Map.of(), () -> this.fixture.insertBusinessRow(key + ":" + step)));
                    }
                    catch (OutOfOrderException ex) {
                        held.incrementAndGet();
                        queue.addLast(delivery);
                    }
                    catch (RuntimeException ex) {
                        failure.compareAndSet(null, ex);
                    }
                }
            }, consumers)).toList();
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(3, TimeUnit.MINUTES);
        }
        finally {
            consumers.shutdownNow();
        }

        assertThat(failure.get()).as("a consumer's failure, which would stop its key for good in this test").isNull();

        assertThat(held).as("held deliveries (shuffled, so some came early)").hasPositiveValue();
        for (int key = 0; key < keys; key++) {
            String prefix = "account-" + key + ":";
            assertThat(this.fixture.jdbc.queryForList("SELECT name FROM business_order WHERE name LIKE ? ORDER BY id",
                    String.class, prefix + "%"))
                    .containsExactlyElementsOf(IntStream.rangeClosed(1, steps).mapToObj(s -> prefix + s).toList());
        }
    }

    private static long[] poll(BlockingDeque<long[]> queue) {
        try {
            return queue.poll(Duration.ofSeconds(2).toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private Consumption consume(String key, long sequence, List<Long> ran) {
        return this.fixture.inTransaction(() -> this.inbox.consumeInOrder("accounts", key, sequence, "account.step",
                Map.of(), () -> {
                    ran.add(sequence);
                    this.fixture.insertBusinessRow(key + ":" + sequence);
                }));
    }

    private SaveResult save(String orderingKey, String step) {
        return this.fixture.inTransaction(() -> sequenced(orderingKey, step).save());
    }

    private MessageBuilder sequenced(String orderingKey, String step) {
        return this.outbox.message("account.step").key(orderingKey + "/" + step).topic("accounts")
                .payload("{\"step\":\"" + step + "\"}").orderingKey(orderingKey).sequenced();
    }
}
