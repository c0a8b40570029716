/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageBuilder;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.Outcome;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.metrics.MicrometerOutboxMetrics;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.RecordingSender;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Messages with an ordering key on a real database.
 *
 * <p>What the outbox promises, and these tests prove: the messages of one ordering key whose transactions
 * committed one after the other are each delivered once and in id order, whatever the number of instances and
 * the claim strategy; a key whose oldest unsent message fails waits, its later messages unsent, while the other
 * keys flow, until that message is sent or an operator retries or skips it; and ordered messages drain without
 * depending on polls: one round sends a run of each key's messages, a dispatcher claims again as soon as a
 * claim made progress, and a commit hands off an ordered message when nothing earlier of its key is unsent.
 *
 * <p>Not promised, so never asserted: the order of two messages of one key whose transactions commit
 * concurrently (the later id may commit, and be sent, first).
 *
 * <p>The step-by-step tests drive {@link Dispatcher#dispatchOnce()} with a clock the test moves. The tests with
 * running dispatchers bound their waits with Awaitility and assert no time; their dispatchers poll every second
 * or, where a test proves that nothing waits for a poll, every ten minutes.
 */
abstract class OrderingContract extends DatabaseContract {

    private static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private static final Duration LEASE = Duration.ofSeconds(30);

    /** A poll interval no test waits for: what such a test sees within its bound did not come from a poll. */
    private static final Duration NO_POLL = Duration.ofMinutes(10);

    /**
     * The bound of a drain by running instances: for the 2,000 messages of one key, far more than claiming runs
     * needs (a few seconds), far less than one message per key per poll takes (over ten minutes).
     */
    private static final Duration DRAIN_BOUND = Duration.ofSeconds(60);

    /**
     * The bound of the drain of the interleaved keys: claiming runs needs a few seconds; one message per key per
     * poll needs about a minute (measured with three instances: 55 to 60 % of the messages were sent by the bound).
     */
    private static final Duration INTERLEAVED_DRAIN_BOUND = Duration.ofSeconds(30);

    /** The bound of what must happen without a poll. */
    private static final Duration PROMPTLY = Duration.ofSeconds(10);

    private static final int INSTANCES = 3;

    private static final int INTERLEAVED_KEYS = 50;

    /** Messages of each of the interleaved keys. */
    private static final int MESSAGES_PER_INTERLEAVED_KEY = 100;

    private static final String A = "customer-a";

    private static final String B = "customer-b";

    private static final String C = "customer-c";

    private RecordingSender sender;

    private MutableClock clock;

    /** Saves at the moved clock's time, for the dispatchers driven step by step; hands nothing off. */
    private OutboxTemplate steppedOutbox;

    private final List<HikariDataSource> instancePools = new ArrayList<>();

    @BeforeEach
    void freshState() {
        this.sender = new RecordingSender();
        this.clock = new MutableClock(START);
        this.steppedOutbox = this.fixture.template().clock(this.clock).build();
    }

    @AfterEach
    void closeInstancePools() {
        this.instancePools.forEach(HikariDataSource::close);
        this.instancePools.clear();
    }

    // ---------------------------------------------------------------------------------------------------------
    // One round sends a run of each key
    // ---------------------------------------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void oneRoundSendsTheWholeRunOfEachKeyInIdOrder(ClaimStrategy strategy) {
        Dispatcher dispatcher = steppedDispatcher(strategy, 5);
        List<Long> a = new ArrayList<>();
        List<Long> b = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            a.add(save("a" + i, A));
            b.add(save("b" + i, B));
        }
        long unordered = save("u", null);

        assertThat(dispatcher.dispatchOnce()).as("a batch with room for all of them takes every key's whole run")
                .isEqualTo(11);

        assertThat(sentIds(A)).containsExactlyElementsOf(a);
        assertThat(sentIds(B)).containsExactlyElementsOf(b);
        assertThat(this.sender.sent()).extracting(OutgoingMessage::id).contains(unordered).doesNotHaveDuplicates();
        assertThat(this.fixture.count("state = 'SENT'")).isEqualTo(11);
    }

    // ---------------------------------------------------------------------------------------------------------
    // A failing head holds its key
    // ---------------------------------------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void aFailingHeadHoldsItsKeyWhileTheOtherKeysFlowAndItsKeyFollowsInOrderOnceItIsSent(ClaimStrategy strategy) {
        Dispatcher dispatcher = steppedDispatcher(strategy, 100);
        this.sender.failKey("a1");
        Keys keys = saveThreeKeysBehindHeadA1();

        for (int round = 0; round < 10 && !allSent(keys.others()); round++) {
            dispatcher.dispatchOnce();
            assertThat(sentIds(A)).as("nothing of %s is sent while its head a1 fails", A).isEmpty();
            this.clock.advance(Duration.ofSeconds(1));
        }
        assertThat(keys.others()).as("the other keys and the unordered message flowed")
                .allSatisfy(id -> assertThat(state(id)).isEqualTo(MessageState.SENT));
        StoredMessage head = this.fixture.row(keys.head());
        assertThat(head.state()).isEqualTo(MessageState.PENDING);
        assertThat(head.retryCount()).as("a1 was tried and failed").isPositive();
        assertNeverAttempted(keys.laterOfA());

        this.sender.heal();
        drain(dispatcher, keys.all().size());

        assertThat(sentIds(A)).containsExactlyElementsOf(keys.a());
        assertThat(sentIds(B)).containsExactlyElementsOf(keys.b());
        assertThat(sentIds(C)).containsExactlyElementsOf(keys.c());
        assertThat(this.sender.sent()).extracting(OutgoingMessage::id).containsExactlyInAnyOrderElementsOf(keys.all());
    }

    /**
     * After a broker outage the rows of a key released behind its failing head come first in due order, and its
     * head, retried last, after them. A window of the skip-locked claim (four rows for a batch of two) then starts
     * with rows of a held-back key that alone make up the batch's candidates: the claim must go on to the rest of
     * the window rather than after it, or the head behind them is never checked (the benchmark's outage drain
     * stalled with heads due and unclaimed).
     */
    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void aHeadDueBehindTheHeldBackRowsOfAnotherKeyIsClaimedInTheSameWindow(ClaimStrategy strategy) {
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender)).clock(this.clock)
                .settings(DispatcherSettings.builder().batchSize(2).lease(LEASE).claimStrategy(strategy).build())
                .build();
        long b0 = saveDelayed("b0", B, Duration.ofHours(1));
        long a1 = saveDelayed("a1", A, Duration.ofSeconds(10));
        List<Long> laterOfB = List.of(save("b1", B), save("b2", B), save("b3", B));
        this.clock.advance(Duration.ofSeconds(15));

        for (int round = 0; round < 3 && state(a1) != MessageState.SENT; round++) {
            dispatcher.dispatchOnce();
        }

        assertThat(state(a1)).as("a1, due behind b1 to b3").isEqualTo(MessageState.SENT);
        assertNeverAttempted(laterOfB);
        assertThat(state(b0)).isEqualTo(MessageState.PENDING);
    }

    private long saveDelayed(String key, String orderingKey, Duration delay) {
        return this.fixture.inTransaction(() -> this.steppedOutbox.message("order.created").key(key).topic("orders")
                .payload("{}").orderingKey(orderingKey).delay(delay).save()).id();
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void aHeadThatFailedForGoodHoldsItsKeyUntilAnOperatorRetriesItThenTheKeyFollowsInOrder(ClaimStrategy strategy) {
        Dispatcher dispatcher = steppedDispatcher(strategy, 3);
        Keys keys = failHeadA1ForGood(dispatcher);

        this.sender.heal();
        assertThat(admin().retry(keys.head()).outcome()).isEqualTo(Outcome.DONE);
        drain(dispatcher, keys.all().size());

        assertThat(sentIds(A)).containsExactlyElementsOf(keys.a());
        assertThat(this.sender.sent()).extracting(OutgoingMessage::id).containsExactlyInAnyOrderElementsOf(keys.all());
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void aHeadThatFailedForGoodHoldsItsKeyUntilAnOperatorSkipsItThenTheRestFollowsInOrder(ClaimStrategy strategy) {
        Dispatcher dispatcher = steppedDispatcher(strategy, 3);
        Keys keys = failHeadA1ForGood(dispatcher);

        assertThat(admin().skip(keys.head()).outcome()).isEqualTo(Outcome.DONE);
        drain(dispatcher, keys.all().size() - 1);

        assertThat(sentIds(A)).containsExactlyElementsOf(keys.laterOfA());
        assertThat(state(keys.head())).as("skipped: kept, parked, never sent").isEqualTo(MessageState.SUSPENDED);
        List<Long> allButHead = keys.all().stream().filter(id -> id != keys.head()).toList();
        assertThat(this.sender.sent()).extracting(OutgoingMessage::id).containsExactlyInAnyOrderElementsOf(allButHead);
    }

    /**
     * Saves a1 (failing until the test heals the sender) and later messages of A, B and C interleaved with an
     * unordered one, and runs rounds until a1 is FAILED: the other keys flow meanwhile, A's later messages never
     * go, not even a day later.
     */
    private Keys failHeadA1ForGood(Dispatcher dispatcher) {
        this.sender.failKey("a1");
        Keys keys = saveThreeKeysBehindHeadA1();

        for (int round = 0; round < 20
                && (state(keys.head()) != MessageState.FAILED || !allSent(keys.others())); round++) {
            dispatcher.dispatchOnce();
            assertThat(sentIds(A)).as("nothing of %s is sent while its head a1 is unsent", A).isEmpty();
            this.clock.advance(Duration.ofSeconds(5));
        }
        assertThat(state(keys.head())).isEqualTo(MessageState.FAILED);
        assertThat(keys.others()).allSatisfy(id -> assertThat(state(id)).isEqualTo(MessageState.SENT));

        this.clock.advance(Duration.ofDays(1));
        dispatcher.dispatchOnce();
        this.clock.advance(LEASE);
        dispatcher.dispatchOnce();
        assertThat(sentIds(A)).as("the FAILED a1 holds %s until an operator acts", A).isEmpty();
        assertThat(state(keys.head())).isEqualTo(MessageState.FAILED);
        assertNeverAttempted(keys.laterOfA());
        return keys;
    }

    /** a1 a2 a3 a4 of A interleaved with b1..b3, c1..c3 and one unordered message, a1 first. */
    private Keys saveThreeKeysBehindHeadA1() {
        List<Long> a = new ArrayList<>();
        List<Long> b = new ArrayList<>();
        List<Long> c = new ArrayList<>();
        a.add(save("a1", A));
        long unordered = 0;
        for (int i = 1; i <= 3; i++) {
            b.add(save("b" + i, B));
            c.add(save("c" + i, C));
            if (i == 2) {
                unordered = save("u1", null);
            }
            a.add(save("a" + (i + 1), A));
        }
        return new Keys(a, b, c, unordered);
    }

    /**
     * @param a the messages of A, the failing head first
     * @param b the messages of B
     * @param c the messages of C
     * @param unordered the message without an ordering key
     */
    private record Keys(List<Long> a, List<Long> b, List<Long> c, long unordered) {

        long head() {
            return this.a.get(0);
        }

        List<Long> laterOfA() {
            return this.a.subList(1, this.a.size());
        }

        List<Long> others() {
            List<Long> others = new ArrayList<>(this.b);
            others.addAll(this.c);
            others.add(this.unordered);
            return others;
        }

        List<Long> all() {
            List<Long> all = new ArrayList<>(this.a);
            all.addAll(others());
            return all;
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // A run whose message fails mid-run
    // ---------------------------------------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void aFailureInTheMiddleOfARunHoldsBackTheRestOfTheRunAndLaterTheKeyArrivesInOrderWithoutDuplicates(
            ClaimStrategy strategy) {
        Dispatcher dispatcher = steppedDispatcher(strategy, 100);
        this.sender.failKey("a3");
        List<Long> a = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            a.add(save("a" + i, A));
        }
        List<Long> b = List.of(save("b1", B), save("b2", B), save("b3", B));

        for (int round = 0; round < 4; round++) {
            dispatcher.dispatchOnce();
            List<Long> sentOfA = sentIds(A);
            assertThat(sentOfA).as("what was sent of %s: at most a1 and a2, in order, once each", A)
                    .hasSizeLessThanOrEqualTo(2).isEqualTo(a.subList(0, Math.min(2, sentOfA.size())));
            assertNeverAttempted(a.subList(3, 6));
            this.clock.advance(LEASE);
        }
        assertThat(sentIds(A)).as("a1 and a2, before a3").containsExactlyElementsOf(a.subList(0, 2));
        assertThat(this.fixture.row(a.get(2)).retryCount()).as("a3 was tried and failed").isPositive();

        this.sender.heal();
        drain(dispatcher, a.size() + b.size());

        assertThat(sentIds(A)).as("a1 and a2 not again, the rest after them").containsExactlyElementsOf(a);
        assertThat(sentIds(B)).containsExactlyElementsOf(b);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Three instances drain without depending on polls
    // ---------------------------------------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void threeInstancesDeliverTwoThousandMessagesOfOneKeyOnceEachInIdOrderWithoutDependingOnPolls(
            ClaimStrategy strategy) {
        int messages = 2_000;
        List<Long> ids = saveBacklog(messages, i -> "customer-1");
        DeliveryLog log = new DeliveryLog();

        drainWithThreeInstances(strategy, log, messages, DRAIN_BOUND);

        log.assertEachDeliveredExactlyOnce(messages);
        assertThat(log.arrivedInOrder("customer-1")).isEqualTo(ids);
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void threeInstancesDeliverFiftyInterleavedKeysOnceEachAndEachKeyInIdOrder(ClaimStrategy strategy) {
        // Every fifth message has no ordering key; the others take the keys in turn (the j-th ordered one j % 50).
        int ordered = INTERLEAVED_KEYS * MESSAGES_PER_INTERLEAVED_KEY;
        int messages = ordered + ordered / 4;
        IntFunction<String> keyOf = i -> (i % 5 == 4) ? null
                : "customer-" + (((i / 5) * 4 + (i % 5)) % INTERLEAVED_KEYS);
        List<Long> ids = saveBacklog(messages, keyOf);
        Map<String, List<Long>> expected = new LinkedHashMap<>();
        for (int i = 0; i < messages; i++) {
            String key = keyOf.apply(i);
            if (key != null) {
                expected.computeIfAbsent(key, k -> new ArrayList<>()).add(ids.get(i));
            }
        }
        assertThat(expected).hasSize(INTERLEAVED_KEYS)
                .allSatisfy((key, ofKey) -> assertThat(ofKey).hasSize(MESSAGES_PER_INTERLEAVED_KEY));
        DeliveryLog log = new DeliveryLog();

        drainWithThreeInstances(strategy, log, messages, INTERLEAVED_DRAIN_BOUND);

        log.assertEachDeliveredExactlyOnce(messages);
        expected.forEach((key, ofKey) -> assertThat(log.arrivedInOrder(key)).as("arrival order of " + key)
                .isEqualTo(ofKey));
    }

    /** Three instances, each a dispatcher with the default settings (a poll a second) and a small pool. */
    private void drainWithThreeInstances(ClaimStrategy strategy, MessageSender sender, int messages,
            Duration atMost) {
        DispatcherSettings settings = DispatcherSettings.builder().claimStrategy(strategy).build();
        List<Dispatcher> instances = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            instances.add(Dispatcher.builder(this.fixture.store(instancePool(3)), MessageRoutes.to(sender))
                    .settings(settings).build());
        }
        instances.forEach(Dispatcher::start);
        try {
            await().atMost(atMost).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> assertThat(
                    this.fixture.count("state = 'SENT'")).as("messages SENT").isEqualTo(messages));
        }
        finally {
            instances.forEach(Dispatcher::stop);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Hand-off at commit, with dispatchers that never poll within the test
    // ---------------------------------------------------------------------------------------------------------

    @Test
    void anOrderedMessageWithNothingEarlierOfItsKeyUnsentIsHandedOffAtCommitNotClaimed() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender)).settings(neverPolling())
                .metrics(new MicrometerOutboxMetrics(registry)).build();
        OutboxTemplate outbox = this.fixture.template().handoff(dispatcher).build();
        dispatcher.start();
        long first;
        long second;
        try {
            first = save(outbox, "m1", A);
            awaitSent(List.of(first), PROMPTLY);
            // Its key's earlier message is sent: again nothing earlier is unsent.
            second = save(outbox, "m2", A);
            awaitSent(List.of(second), PROMPTLY);
        }
        finally {
            dispatcher.stop();
        }

        // Prompt delivery alone does not prove the hand-off: a commit that asks for a claim at once delivers promptly
        // too. A handed-off message is leased at insert, so no claim can have taken it.
        assertThat(claimedRows(registry)).as("rows claimed from the table: both were handed off at commit").isZero();
        assertThat(sentIds(A)).containsExactly(first, second);
    }

    @Test
    void orderedMessagesOfOneKeySavedInQuickSuccessionAreDeliveredPromptlyOnceEachInIdOrder() {
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender)).settings(neverPolling())
                .build();
        OutboxTemplate outbox = this.fixture.template().handoff(dispatcher).build();
        dispatcher.start();
        List<Long> ids = new ArrayList<>();
        try {
            for (int i = 1; i <= 5; i++) {
                ids.add(save(outbox, "m" + i, A));
            }
            awaitSent(ids, PROMPTLY);
        }
        finally {
            dispatcher.stop();
        }

        assertThat(sentIds(A)).containsExactlyElementsOf(ids);
    }

    @Test
    void anOrderedMessageCommittedWhileTheEarlierOneOfItsKeyWaitsToBeSentFollowsItPromptly() throws Exception {
        // The dispatcher is busy sending an unrelated message while both commits happen, so the first one is still
        // unsent when the second is saved, and both wait for the dispatcher's next round.
        CountDownLatch busySending = new CountDownLatch(1);
        CompletableFuture<String> busyAck = new CompletableFuture<>();
        MessageSender busyFirst = message -> {
            if (message.key().equals("busy")) {
                busySending.countDown();
                return busyAck;
            }
            return this.sender.send(message);
        };
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(busyFirst)).settings(neverPolling()).build();
        OutboxTemplate outbox = this.fixture.template().handoff(dispatcher).build();
        dispatcher.start();
        List<Long> ids = new ArrayList<>();
        try {
            long busy = save(outbox, "busy", null);
            assertThat(busySending.await(PROMPTLY.toSeconds(), TimeUnit.SECONDS)).isTrue();
            ids.add(save(outbox, "m1", A));
            ids.add(save(outbox, "m2", A));
            busyAck.complete("busy-ack");
            awaitSent(List.of(busy), PROMPTLY);
            awaitSent(ids, PROMPTLY);
        }
        finally {
            busyAck.complete("busy-ack");
            dispatcher.stop();
        }

        assertThat(sentIds(A)).containsExactlyElementsOf(ids);
    }

    @Test
    void aFailingHeadIsStillRetriedOnScheduleAfterLaterMessagesOfItsKeyAreCommitted() {
        RetryPolicy everySecond = new RetryPolicy(Duration.ofSeconds(1), 1.0, Duration.ofSeconds(1), 0.0, 1_000);
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender)).settings(neverPolling())
                .retryPolicies(new RetryPolicies(everySecond, Map.of(), null)).build();
        OutboxTemplate outbox = this.fixture.template().handoff(dispatcher).build();
        this.sender.failKey("m1");
        dispatcher.start();
        try {
            long first = save(outbox, "m1", A);
            await().atMost(PROMPTLY).pollInterval(Duration.ofMillis(10))
                    .until(() -> this.fixture.row(first).retryCount() >= 1);
            // Committed while m1 waits for its retry: whatever claims these commits cause find m1 not yet due.
            List<Long> later = List.of(save(outbox, "m2", A), save(outbox, "m3", A));
            int failedBefore = this.fixture.row(first).retryCount();

            await().atMost(PROMPTLY).untilAsserted(() -> assertThat(this.fixture.row(first).retryCount())
                    .as("failed attempts of m1, retried every second").isGreaterThanOrEqualTo(failedBefore + 2));
            assertNeverAttempted(later);
            assertThat(sentIds(A)).isEmpty();
        }
        finally {
            dispatcher.stop();
        }
    }

    @Test
    void orderedMessagesSavedBehindAFailingOneOfTheirKeyFollowItPromptlyInIdOrderOnceItIsSent() {
        RetryPolicy quickRetries = new RetryPolicy(Duration.ofMillis(100), 1.0, Duration.ofMillis(100), 0.0, 1_000);
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender)).settings(neverPolling())
                .retryPolicies(new RetryPolicies(quickRetries, Map.of(), null)).build();
        OutboxTemplate outbox = this.fixture.template().handoff(dispatcher).build();
        this.sender.failKey("m1");
        dispatcher.start();
        List<Long> ids = new ArrayList<>();
        try {
            long first = save(outbox, "m1", A);
            ids.add(first);
            await().atMost(PROMPTLY).until(() -> this.fixture.row(first).retryCount() >= 1);
            ids.add(save(outbox, "m2", A));
            ids.add(save(outbox, "m3", A));
            // m1 fails a few more times with m2 and m3 behind it, then the broker takes it.
            int failedBefore = this.fixture.row(first).retryCount();
            await().atMost(PROMPTLY).until(() -> this.fixture.row(first).retryCount() >= failedBefore + 2);
            assertThat(sentIds(A)).as("nothing of %s is sent while m1 fails", A).isEmpty();
            this.sender.heal();
            awaitSent(ids, PROMPTLY);
        }
        finally {
            dispatcher.stop();
        }

        assertThat(sentIds(A)).containsExactlyElementsOf(ids);
    }

    @Test
    void twoInstancesSavingOneKeyAlternatelyDeliverEachMessageOnceInIdOrder() {
        DeliveryLog log = new DeliveryLog();
        List<Dispatcher> dispatchers = new ArrayList<>();
        List<OutboxTemplate> templates = new ArrayList<>();
        List<TransactionTemplate> transactions = new ArrayList<>();
        for (int instance = 0; instance < 2; instance++) {
            DataSource pool = instancePool(4);
            OutboxStore store = this.fixture.store(pool);
            Dispatcher dispatcher = Dispatcher.builder(store, MessageRoutes.to(log))
                    .settings(neverPolling()).build();
            dispatchers.add(dispatcher);
            templates.add(OutboxTemplate.builder(store).handoff(dispatcher).build());
            transactions.add(new TransactionTemplate(new DataSourceTransactionManager(pool)));
        }
        dispatchers.forEach(Dispatcher::start);
        int messages = 20;
        List<Long> ids = new ArrayList<>();
        try {
            for (int i = 0; i < messages; i++) {
                OutboxTemplate outbox = templates.get(i % 2);
                String key = "m" + i;
                // Each commit happens before the next save.
                ids.add(transactions.get(i % 2).execute(status -> outbox.message("order.created").key(key)
                        .topic("orders").orderingKey(A).payload("{}").save()).id());
            }
            awaitSent(ids, PROMPTLY);
        }
        finally {
            dispatchers.forEach(Dispatcher::stop);
        }

        log.assertEachDeliveredExactlyOnce(messages);
        assertThat(log.arrivedInOrder(A)).isEqualTo(ids);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Concurrent commits: each message once; only each writer's own successive messages are ordered
    // ---------------------------------------------------------------------------------------------------------

    @Test
    void writersCommittingOneKeyConcurrentlyGetEveryMessageDeliveredOnceAndEachWritersMessagesInTheirOrder()
            throws Exception {
        int writersPerInstance = 2;
        int perWriter = 15;
        DeliveryLog log = new DeliveryLog();
        List<Dispatcher> dispatchers = new ArrayList<>();
        List<OutboxTemplate> templates = new ArrayList<>();
        List<TransactionTemplate> transactions = new ArrayList<>();
        for (int instance = 0; instance < 2; instance++) {
            DataSource pool = instancePool(2 + writersPerInstance);
            OutboxStore store = this.fixture.store(pool);
            // Frequent polls: this test is about what arrives, not how soon.
            Dispatcher dispatcher = Dispatcher.builder(store, MessageRoutes.to(log))
                    .settings(DispatcherSettings.builder().pollInterval(Duration.ofMillis(50))
                            .maxPollInterval(Duration.ofMillis(200)).build())
                    .build();
            dispatchers.add(dispatcher);
            templates.add(OutboxTemplate.builder(store).handoff(dispatcher).build());
            transactions.add(new TransactionTemplate(new DataSourceTransactionManager(pool)));
        }
        int writers = 2 * writersPerInstance;
        ExecutorService threads = Executors.newFixedThreadPool(writers);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<Long>>> written = new ArrayList<>();
        dispatchers.forEach(Dispatcher::start);
        try {
            for (int writer = 0; writer < writers; writer++) {
                OutboxTemplate outbox = templates.get(writer % 2);
                TransactionTemplate transaction = transactions.get(writer % 2);
                String prefix = "w" + writer + "-";
                written.add(threads.submit(() -> {
                    start.await();
                    List<Long> ids = new ArrayList<>();
                    for (int i = 0; i < perWriter; i++) {
                        String key = prefix + i;
                        ids.add(transaction.execute(status -> outbox.message("order.created").key(key)
                                .topic("orders").orderingKey(A).payload("{}").save()).id());
                    }
                    return ids;
                }));
            }
            start.countDown();
            List<Long> all = new ArrayList<>();
            for (Future<List<Long>> ids : written) {
                all.addAll(ids.get(60, TimeUnit.SECONDS));
            }
            awaitSent(all, DRAIN_BOUND);
        }
        finally {
            threads.shutdownNow();
            dispatchers.forEach(Dispatcher::stop);
        }

        log.assertEachDeliveredExactlyOnce(writers * perWriter);
        for (int writer = 0; writer < writers; writer++) {
            List<Long> saved = written.get(writer).get();
            String prefix = "w" + writer + "-";
            assertThat(log.arrivals()).filteredOn(message -> message.key().startsWith(prefix))
                    .extracting(OutgoingMessage::id).as("arrival order of writer %d's messages", writer)
                    .containsExactlyElementsOf(saved);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Helpers
    // ---------------------------------------------------------------------------------------------------------

    private Dispatcher steppedDispatcher(ClaimStrategy strategy, int maxAttempts) {
        RetryPolicy policy = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.0, maxAttempts);
        return this.fixture.dispatcher(MessageRoutes.to(this.sender)).clock(this.clock)
                .retryPolicies(new RetryPolicies(policy, Map.of(), null))
                .settings(DispatcherSettings.builder().lease(LEASE).claimStrategy(strategy).build()).build();
    }

    private static DispatcherSettings neverPolling() {
        return DispatcherSettings.builder().pollInterval(NO_POLL).maxPollInterval(NO_POLL).build();
    }

    private OutboxAdmin admin() {
        return OutboxAdmin.builder(this.fixture.store).clock(this.clock).build();
    }

    /** A connection pool of its own: one instance. Closed after the test. */
    private DataSource instancePool(int size) {
        HikariDataSource pool = (HikariDataSource) this.fixture.database.newDataSource(size);
        this.instancePools.add(pool);
        return pool;
    }

    /** Saves a message at the moved clock's time, in a transaction of its own. */
    private long save(String key, String orderingKey) {
        return save(this.steppedOutbox, key, orderingKey);
    }

    private long save(OutboxTemplate outbox, String key, String orderingKey) {
        return this.fixture.inTransaction(() -> {
            MessageBuilder message = outbox.message("order.created").key(key).topic("orders").payload("{}");
            if (orderingKey != null) {
                message.orderingKey(orderingKey);
            }
            return message.save();
        }).id();
    }

    /**
     * Saves a backlog at the real clock's time, 500 messages per transaction, before any dispatcher runs.
     *
     * @return the ids in the order saved
     */
    private List<Long> saveBacklog(int messages, IntFunction<String> orderingKey) {
        OutboxTemplate outbox = this.fixture.template().build();
        List<Long> ids = new ArrayList<>(messages);
        for (int chunk = 0; chunk < messages; chunk += 500) {
            int first = chunk;
            int end = Math.min(messages, chunk + 500);
            this.fixture.inTransaction(() -> {
                for (int i = first; i < end; i++) {
                    MessageBuilder message = outbox.message("order.created").key("m-" + i).topic("orders")
                            .payload("{\"i\":" + i + "}");
                    String key = orderingKey.apply(i);
                    if (key != null) {
                        message.orderingKey(key);
                    }
                    ids.add(message.save().id());
                }
                return null;
            });
        }
        assertThat(ids).as("ids in the order saved").isSorted().doesNotHaveDuplicates();
        return ids;
    }

    /** Runs rounds until that many messages are SENT; a round that found nothing moves the clock past any lease. */
    private void drain(Dispatcher dispatcher, int sent) {
        for (int round = 0; round < 50 && this.fixture.count("state = 'SENT'") < sent; round++) {
            if (dispatcher.dispatchOnce() == 0) {
                this.clock.advance(LEASE);
            }
        }
        assertThat(this.fixture.count("state = 'SENT'")).as("messages SENT").isEqualTo(sent);
    }

    private void awaitSent(List<Long> ids, Duration atMost) {
        await().atMost(atMost).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> assertThat(ids)
                .filteredOn(id -> state(id) != MessageState.SENT).as("messages not SENT yet").isEmpty());
    }

    private MessageState state(long id) {
        return this.fixture.row(id).state();
    }

    private boolean allSent(List<Long> ids) {
        return ids.stream().allMatch(id -> state(id) == MessageState.SENT);
    }

    /** The messages are PENDING and no attempt of theirs failed: none was handed to the sender. */
    private void assertNeverAttempted(List<Long> ids) {
        assertThat(ids).allSatisfy(id -> {
            StoredMessage row = this.fixture.row(id);
            assertThat(row.state()).as("message %d", id).isEqualTo(MessageState.PENDING);
            assertThat(row.retryCount()).as("failed attempts of message %d", id).isZero();
        });
        assertThat(this.sender.sent()).extracting(OutgoingMessage::id).doesNotContainAnyElementsOf(ids);
    }

    /** The ids of the messages of an ordering key the recording sender confirmed, in the order sent. */
    private List<Long> sentIds(String orderingKey) {
        return this.sender.sent().stream().filter(message -> orderingKey.equals(message.orderingKey()))
                .map(OutgoingMessage::id).toList();
    }

    private static double claimedRows(SimpleMeterRegistry registry) {
        Counter claimed = registry.find("outbox.claims.rows").tag("result", "claimed").counter();
        return (claimed != null) ? claimed.count() : 0;
    }
}
