/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.TemplateHandoffs;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.Outcome;
import dev.outbox.internal.jdbc.ClaimScope;
import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DeliveryOutcome;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.message.StoredMessage;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.spi.MessageSender;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.RecordingSender;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The dispatch path on a real database, driven step by step with a clock the test moves: retries,
 * FAILED, leases after a crash, ordering per key, and shutdown.
 */
abstract class DispatchContract extends DatabaseContract {

    private static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private static final Duration LEASE = Duration.ofSeconds(30);

    private static final Duration PROBE_INTERVAL = Duration.ofSeconds(2);

    private RecordingSender sender;

    private MutableClock clock;

    private OutboxTemplate outbox;

    @BeforeEach
    void freshState() {
        this.sender = new RecordingSender();
        this.clock = new MutableClock(START);
        // Without a hand-off every message is claimed, which is what these tests drive.
        this.outbox = this.fixture.template().clock(this.clock).build();
    }

    private Dispatcher dispatcher(RetryPolicies policies, ClaimStrategy strategy) {
        return this.fixture.dispatcher(MessageRoutes.to(this.sender)).clock(this.clock).retryPolicies(policies)
                .settings(DispatcherSettings.builder().lease(LEASE).claimStrategy(strategy)
                        .outageProbeInterval(PROBE_INTERVAL).build()).build();
    }

    private static RetryPolicies noJitter(int maxAttempts, Duration failedRetryInterval) {
        RetryPolicy policy = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.0, maxAttempts);
        return new RetryPolicies(policy, Map.of(), failedRetryInterval);
    }

    private SaveResult save(String key, String orderingKey) {
        return this.fixture.inTransaction(() -> {
            var message = this.outbox.message("order.created").key(key).topic("orders").payload("{}");
            if (orderingKey != null) {
                message.orderingKey(orderingKey);
            }
            return message.save();
        });
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void failedAttemptsFollowTheExponentialScheduleUntilTheMessageIsFailed(ClaimStrategy strategy) {
        Dispatcher dispatcher = dispatcher(noJitter(5, null), strategy);
        this.sender.failKey("order-1");
        long id = save("order-1", null).id();

        // initial 1 s, multiplier 2, capped at 5 s: 1, 2, 4, 5 and then FAILED at the fifth attempt.
        List<Duration> expectedDelays = List.of(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4),
                Duration.ofSeconds(5));
        for (int attempt = 1; attempt <= expectedDelays.size(); attempt++) {
            assertThat(dispatcher.dispatchOnce()).isOne();
            StoredMessage row = this.fixture.row(id);
            assertThat(row.state()).isEqualTo(MessageState.PENDING);
            assertThat(row.retryCount()).isEqualTo(attempt);
            assertThat(row.nextRetryAt()).isEqualTo(this.clock.instant().plus(expectedDelays.get(attempt - 1)));
            assertThat(row.failReason()).startsWith("java.lang.IllegalStateException: broker refused order-1");

            this.clock.set(row.nextRetryAt().minusMillis(1));
            assertThat(dispatcher.dispatchOnce()).as("not due before its retry time").isZero();
            this.clock.set(row.nextRetryAt());
        }
        assertThat(dispatcher.dispatchOnce()).isOne();

        StoredMessage failed = this.fixture.row(id);
        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.retryCount()).isEqualTo(5);
        this.clock.advance(Duration.ofDays(1));
        assertThat(dispatcher.dispatchOnce()).as("FAILED is not retried without the slow retry").isZero();
        assertThat(this.sender.sent()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void anOutageSpendsNoAttemptAndOneProbeResumesTheRouteWithoutWaitingForTimers(ClaimStrategy strategy) {
        Dispatcher dispatcher = dispatcher(noJitter(2, null), strategy);
        this.sender.becomeUnreachable();
        List<Long> ids = List.of(save("order-1", "customer-1").id(), save("order-2", "customer-1").id(),
                save("order-3", null).id(), save("order-4", null).id());

        assertThat(dispatcher.dispatchOnce()).as("every message tried once, none spends an attempt").isEqualTo(4);
        assertThat(dispatcher.pausedRoutes()).singleElement().satisfies(paused -> {
            assertThat(paused.route()).isEqualTo("default");
            assertThat(paused.reason()).isEqualTo("java.net.ConnectException: Connection refused");
        });
        assertThat(dispatcher.dispatchOnce()).as("a paused route's messages are left alone").isZero();
        this.clock.advance(PROBE_INTERVAL);
        assertThat(dispatcher.dispatchOnce()).as("one probe per probe interval").isOne();
        this.clock.advance(PROBE_INTERVAL.dividedBy(2));
        assertThat(dispatcher.dispatchOnce()).isZero();
        assertThat(this.sender.unreachableAttempts()).as("three at first (customer-1's second waits for its head), "
                + "then one probe").isEqualTo(4);
        for (long id : ids) {
            StoredMessage row = this.fixture.row(id);
            assertThat(row.state()).isEqualTo(MessageState.PENDING);
            assertThat(row.retryCount()).as("a failure while unreachable is not the message's").isZero();
        }

        this.sender.heal();
        this.clock.advance(PROBE_INTERVAL.dividedBy(2));
        assertThat(dispatcher.dispatchOnce()).as("the probe gets through and resumes the route").isOne();
        assertThat(dispatcher.pausedRoutes()).isEmpty();
        assertThat(dispatcher.dispatchOnce()).as("the rest is due at once").isEqualTo(3);

        assertThat(ids).allSatisfy(id -> assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.SENT));
        assertThat(this.sender.sentKeys()).containsSubsequence("order-1", "order-2").hasSize(4);
    }

    @Test
    void aMessageTheApplicationsRetryDecisionRefusesIsFailedAfterOneAttemptWhileTheOthersAreRetried() {
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender)).clock(this.clock)
                .retryPolicies(noJitter(5, null)).retryDecision((message, error) -> !message.key().equals("poison"))
                .settings(DispatcherSettings.builder().lease(LEASE).build()).build();
        this.sender.failWhen(message -> true);
        long poison = save("poison", null).id();
        long other = save("other", null).id();

        assertThat(dispatcher.dispatchOnce()).isEqualTo(2);

        StoredMessage failed = this.fixture.row(poison);
        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.retryCount()).isOne();
        assertThat(failed.failReason()).startsWith("java.lang.IllegalStateException: broker refused poison");
        StoredMessage retried = this.fixture.row(other);
        assertThat(retried.state()).isEqualTo(MessageState.PENDING);
        assertThat(retried.retryCount()).isOne();
    }

    @Test
    void aNonRetryableFailureIsDeadLetteredAndTheRowRecordsItUntilAReDriveSendsTheMessage() {
        MessageRoutes routes = MessageRoutes.builder().defaultSender(this.sender)
                .nonRetryable("order.created", IllegalStateException.class)
                .deadLetters("order.created", this.sender, "orders.DLT")
                .build();
        Dispatcher dispatcher = this.fixture.dispatcher(routes).clock(this.clock).retryPolicies(noJitter(5, null))
                .settings(DispatcherSettings.builder().lease(LEASE).build()).build();
        this.sender.failWhen(message -> message.key().equals("poison") && message.topic().equals("orders"));
        long poison = save("poison", null).id();
        long other = save("other", null).id();

        assertThat(dispatcher.dispatchOnce()).isEqualTo(2);

        StoredMessage failed = this.fixture.row(poison);
        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.retryCount()).isOne();
        assertThat(failed.brokerMessageId()).isEqualTo("dead-letter:rec-" + poison);
        assertThat(failed.failReason()).startsWith("java.lang.IllegalStateException: broker refused poison");
        assertThat(this.fixture.row(other).state()).isEqualTo(MessageState.SENT);
        assertThat(this.sender.sent()).extracting(message -> message.id() + "@" + message.topic())
                .containsExactlyInAnyOrder(poison + "@orders.DLT", other + "@orders");

        this.sender.heal();
        assertThat(OutboxAdmin.builder(this.fixture.store).clock(this.clock).build().retry(poison).outcome())
                .isEqualTo(Outcome.DONE);
        assertThat(this.fixture.row(poison).state()).isEqualTo(MessageState.PENDING);
        assertThat(dispatcher.dispatchOnce()).isOne();
        StoredMessage sent = this.fixture.row(poison);
        assertThat(sent.state()).isEqualTo(MessageState.SENT);
        assertThat(sent.brokerMessageId()).isEqualTo("rec-" + poison);
    }

    @Test
    void slowRetryBringsAFailedMessageBackOnItsCadence() {
        Dispatcher dispatcher = dispatcher(noJitter(2, Duration.ofHours(6)), ClaimStrategy.SKIP_LOCKED);
        this.sender.failKey("order-1");
        long id = save("order-1", null).id();
        dispatcher.dispatchOnce();
        this.clock.advance(Duration.ofSeconds(1));
        dispatcher.dispatchOnce();
        StoredMessage failed = this.fixture.row(id);
        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.nextRetryAt()).isEqualTo(this.clock.instant().plus(Duration.ofHours(6)));

        this.clock.advance(Duration.ofHours(6).minusMillis(1));
        assertThat(dispatcher.dispatchOnce()).isZero();
        this.sender.heal();
        this.clock.advance(Duration.ofMillis(1));
        assertThat(dispatcher.dispatchOnce()).isOne();

        StoredMessage sent = this.fixture.row(id);
        assertThat(sent.state()).isEqualTo(MessageState.SENT);
        assertThat(sent.nextRetryAt()).as("when it was sent, not its lease's end: the cleanup counts its age from it")
                .isEqualTo(this.clock.instant());
        assertThat(sent.retryCount()).isEqualTo(2);
        assertThat(this.sender.sent()).singleElement().satisfies(message -> assertThat(message.attempt()).isEqualTo(3));
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void slowRetryLeavesMessagesThatFailedForGoodAloneUntilAnOperatorRetriesThem(ClaimStrategy strategy) {
        Duration interval = Duration.ofHours(6);
        AtomicInteger handlerRuns = new AtomicInteger();
        AtomicBoolean handlerFails = new AtomicBoolean(true);
        MessageRoutes routes = MessageRoutes.builder().defaultSender(this.sender)
                .handle("invoice.requested", "invoicing", message -> {
                    handlerRuns.incrementAndGet();
                    if (handlerFails.get()) {
                        throw new IllegalArgumentException("no such customer");
                    }
                })
                .nonRetryable("invoice.requested", IllegalArgumentException.class).build();
        Dispatcher dispatcher = this.fixture.dispatcher(routes).clock(this.clock)
                .retryPolicies(noJitter(1, interval))
                .settings(DispatcherSettings.builder().lease(LEASE).claimStrategy(strategy).build()).build();
        this.sender.failKey("exhausted");
        this.sender.rejectKey("rejected");
        long exhausted = save("exhausted", null).id();
        long rejected = save("rejected", null).id();
        long poison = this.fixture.inTransaction(() -> this.outbox.message("invoice.requested").key("poison")
                .topic("invoices").payload("{}").save()).id();

        assertThat(dispatcher.dispatchOnce()).isEqualTo(3);
        assertThat(List.of(exhausted, rejected, poison))
                .allSatisfy(id -> assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.FAILED));
        assertThat(this.fixture.row(rejected).nextRetryAt()).as("due at its failure, from which the cleanup counts")
                .isEqualTo(START);

        this.sender.heal();
        handlerFails.set(false);
        for (int round = 1; round <= 2; round++) {
            this.clock.advance(interval);
            assertThat(dispatcher.dispatchOnce()).as("round %d: only the message whose attempts were spent", round)
                    .isEqualTo((round == 1) ? 1 : 0);
        }
        assertThat(this.fixture.row(exhausted).state()).isEqualTo(MessageState.SENT);
        assertThat(this.sender.sentKeys()).containsExactly("exhausted");
        assertThat(handlerRuns).hasValue(1);
        for (long id : List.of(rejected, poison)) {
            StoredMessage row = this.fixture.row(id);
            assertThat(row.state()).isEqualTo(MessageState.FAILED);
            assertThat(row.retryCount()).isOne();
            assertThat(row.lastAttemptAt()).isEqualTo(START);
        }

        OutboxAdmin admin = OutboxAdmin.builder(this.fixture.store).clock(this.clock).build();
        assertThat(admin.retry(rejected).outcome()).isEqualTo(Outcome.DONE);
        assertThat(admin.retry(poison).outcome()).isEqualTo(Outcome.DONE);
        assertThat(dispatcher.dispatchOnce()).as("an operator's retry sends them again").isEqualTo(2);
        assertThat(this.fixture.row(rejected).state()).isEqualTo(MessageState.SENT);
        assertThat(this.fixture.row(poison).state()).isEqualTo(MessageState.CONSUMED);
        assertThat(handlerRuns).hasValue(2);
    }

    @Test
    void messageWithoutARouteFailsWithAClearReasonAndIsNeverSent() {
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.builder().route("order.paid", this.sender).build())
                .clock(this.clock).retryPolicies(noJitter(2, null)).build();
        long id = save("order-1", null).id();

        dispatcher.dispatchOnce();
        this.clock.advance(Duration.ofSeconds(1));
        dispatcher.dispatchOnce();

        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.FAILED);
        assertThat(row.failReason()).contains("no sender is routed for message type 'order.created'");
        assertThat(row.brokerMessageId()).isNull();
        assertThat(this.sender.sent()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void messageOfACrashedInstanceIsRedeliveredOnceItsLeaseEnds(ClaimStrategy strategy) {
        long id = save("order-1", null).id();
        OutboxRepository crashed = this.fixture.repository();
        List<ClaimedMessage> claimedBeforeCrash = crashed.claimSkipLocked(ClaimScope.all(), MessageState.PENDING, 10,
                this.clock.instant(), this.clock.instant().plus(LEASE), null).claimed();
        assertThat(claimedBeforeCrash).extracting(ClaimedMessage::id).containsExactly(id);
        Dispatcher survivor = dispatcher(noJitter(3, null), strategy);

        this.clock.advance(LEASE.minusMillis(1));
        assertThat(survivor.dispatchOnce()).as("still leased to the crashed instance").isZero();
        this.clock.advance(Duration.ofMillis(1));
        assertThat(survivor.dispatchOnce()).isOne();

        // The crashed instance comes back with a late result: its lock version is stale, nothing is written.
        ClaimedMessage stale = claimedBeforeCrash.get(0);
        int written = crashed.complete(List.of(new DeliveryOutcome.Sent(id, stale.lockVersion(), START, "late")),
                this.clock.instant());
        assertThat(written).isZero();
        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.SENT);
        assertThat(row.brokerMessageId()).isEqualTo("rec-" + id);
    }

    @Test
    void oneWriteToSentGivesEachRowItsOwnBrokerIdAndSkipsARowWhoseVersionMoved() {
        List<Long> ids = List.of(save("order-1", null).id(), save("order-2", null).id(), save("order-3", null).id());
        OutboxRepository repository = this.fixture.repository();
        List<ClaimedMessage> claimed = repository.claimSkipLocked(ClaimScope.all(), MessageState.PENDING, 10,
                this.clock.instant(), this.clock.instant().plus(LEASE), null).claimed();
        assertThat(claimed).extracting(ClaimedMessage::id).containsExactlyElementsOf(ids);
        // Another instance took the third row meanwhile.
        this.fixture.jdbc.update("UPDATE " + OutboxFixture.TABLE + " SET lock_version = lock_version + 1 WHERE id = ?",
                ids.get(2));

        int written = repository.complete(List.of(
                new DeliveryOutcome.Sent(ids.get(0), claimed.get(0).lockVersion(), START, "orders-0@41"),
                new DeliveryOutcome.Sent(ids.get(1), claimed.get(1).lockVersion(), START, "ID:it's, {1}"),
                new DeliveryOutcome.Sent(ids.get(2), claimed.get(2).lockVersion(), START, "orders-0@43")),
                this.clock.instant());

        assertThat(written).isEqualTo(2);
        assertThat(this.fixture.row(ids.get(0))).satisfies(row -> {
            assertThat(row.state()).isEqualTo(MessageState.SENT);
            assertThat(row.brokerMessageId()).isEqualTo("orders-0@41");
        });
        assertThat(this.fixture.row(ids.get(1))).satisfies(row -> {
            assertThat(row.state()).isEqualTo(MessageState.SENT);
            assertThat(row.brokerMessageId()).isEqualTo("ID:it's, {1}");
        });
        assertThat(this.fixture.row(ids.get(2))).satisfies(row -> {
            assertThat(row.state()).isEqualTo(MessageState.PENDING);
            assertThat(row.brokerMessageId()).isNull();
        });
    }

    @Test
    void messageHandedOffToAnInstanceThatDiesBeforeSendingIsDeliveredByAnotherOnceItsLeaseEnds() {
        OutboxTemplate writer = TemplateHandoffs.toAnInstanceThatDies(this.fixture.template(), LEASE).clock(this.clock).build();
        long id = this.fixture.inTransaction(() -> writer.save("order.created", "order-1", "orders", "{}")).id();
        Dispatcher survivor = dispatcher(noJitter(3, null), ClaimStrategy.SKIP_LOCKED);

        assertThat(survivor.dispatchOnce()).as("leased to the writer at insert").isZero();
        this.clock.advance(LEASE);
        assertThat(survivor.dispatchOnce()).isOne();

        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.SENT);
        assertThat(this.sender.sent()).extracting(message -> message.id()).containsExactly(id);
    }

    @Test
    void aSlowSendKeepsItsRowLeasedBeyondTheLeaseAndItsOutcomeIsWritten() throws Exception {
        Duration shortLease = Duration.ofSeconds(1);
        CompletableFuture<String> confirmation = new CompletableFuture<>();
        CountDownLatch sending = new CountDownLatch(1);
        MessageSender slow = message -> {
            sending.countDown();
            return confirmation;
        };
        Dispatcher slowInstance = this.fixture.dispatcher(MessageRoutes.to(slow)).clock(this.clock)
                .settings(DispatcherSettings.builder().lease(shortLease).sendTimeout(Duration.ofSeconds(30)).build())
                .build();
        Dispatcher otherInstance = dispatcher(noJitter(5, null), ClaimStrategy.SKIP_LOCKED);
        long id = save("order-1", null).id();

        CompletableFuture<Integer> round = CompletableFuture.supplyAsync(slowInstance::dispatchOnce);
        assertThat(sending.await(10, TimeUnit.SECONDS)).isTrue();
        Instant firstLeaseEnd = this.fixture.row(id).nextRetryAt();
        this.clock.advance(Duration.ofMillis(600));
        await().atMost(Duration.ofSeconds(10)).until(() -> this.fixture.row(id).nextRetryAt().isAfter(firstLeaseEnd));
        this.clock.advance(Duration.ofMillis(600));

        assertThat(this.clock.instant()).isAfter(firstLeaseEnd);
        assertThat(otherInstance.dispatchOnce()).as("the renewed lease keeps the row with the slow instance").isZero();
        confirmation.complete("slow-1");
        assertThat(round.get(10, TimeUnit.SECONDS)).isOne();
        StoredMessage sent = this.fixture.row(id);
        assertThat(sent.state()).isEqualTo(MessageState.SENT);
        assertThat(sent.brokerMessageId()).isEqualTo("slow-1");
        assertThat(this.sender.sent()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void laterMessagesOfAnOrderingKeyWaitWhileAnEarlierOneFails(ClaimStrategy strategy) {
        Dispatcher dispatcher = dispatcher(noJitter(5, null), strategy);
        this.sender.failKey("first");
        save("first", "customer-7");
        save("second", "customer-7");
        save("other-customer", "customer-8");
        save("unordered", null);

        dispatcher.dispatchOnce();
        assertThat(this.sender.sentKeys()).containsExactlyInAnyOrder("other-customer", "unordered");
        this.clock.advance(Duration.ofSeconds(1));
        dispatcher.dispatchOnce();
        assertThat(this.sender.sentKeys()).as("second waits for first").hasSize(2);

        this.sender.heal();
        this.clock.advance(Duration.ofSeconds(2));
        dispatcher.dispatchOnce();
        dispatcher.dispatchOnce();

        assertThat(this.sender.sentKeys()).containsSubsequence("first", "second");
        assertThat(this.fixture.count("state = 'SENT'")).isEqualTo(4);
    }

    @Test
    void failedMessageHoldsItsOrderingKeyUntilAnOperatorActs() {
        Dispatcher dispatcher = dispatcher(noJitter(1, null), ClaimStrategy.SKIP_LOCKED);
        this.sender.failKey("first");
        long first = save("first", "customer-7").id();
        long second = save("second", "customer-7").id();

        dispatcher.dispatchOnce();
        this.clock.advance(Duration.ofHours(1));
        dispatcher.dispatchOnce();

        assertThat(this.fixture.row(first).state()).isEqualTo(MessageState.FAILED);
        assertThat(this.fixture.row(second).state()).isEqualTo(MessageState.PENDING);
        assertThat(this.sender.sent()).isEmpty();
    }

    @Test
    void stoppingWaitsForTheSendsInFlightAndRecordsTheirOutcome() throws Exception {
        CountDownLatch sending = new CountDownLatch(1);
        CompletableFuture<String> brokerAck = new CompletableFuture<>();
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(message -> {
            sending.countDown();
            return brokerAck;
        })).build();
        OutboxTemplate handingOff = this.fixture.template().handoff(dispatcher).build();
        dispatcher.start();
        long id = this.fixture.inTransaction(() -> handingOff.save("order.created", "order-1", "orders", "{}")).id();
        assertThat(sending.await(10, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Void> stopping = CompletableFuture.runAsync(dispatcher::stop);
        brokerAck.complete("acked-while-stopping");
        stopping.get(20, TimeUnit.SECONDS);

        assertThat(dispatcher.isRunning()).isFalse();
        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.SENT);
        assertThat(row.brokerMessageId()).isEqualTo("acked-while-stopping");
    }

    @Test
    void aSendStillInFlightAtTheShutdownTimeoutIsInterruptedHandedBackUnspentAndItsThreadEndsBeforeStopReturns()
            throws Exception {
        CountDownLatch sending = new CountDownLatch(1);
        List<Thread> made = new CopyOnWriteArrayList<>();
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(message -> {
            sending.countDown();
            return new CompletableFuture<String>();
        })).dispatchThreadFactory(task -> {
            Thread thread = new Thread(task, "app-dispatch-" + made.size());
            thread.setDaemon(true);
            made.add(thread);
            return thread;
        }).settings(DispatcherSettings.builder().sendTimeout(Duration.ofMinutes(5))
                .shutdownTimeout(Duration.ofMillis(200)).build()).build();
        OutboxTemplate handingOff = this.fixture.template().handoff(dispatcher).build();
        dispatcher.start();
        long id = this.fixture.inTransaction(() -> handingOff.save("order.created", "order-1", "orders", "{}")).id();
        assertThat(sending.await(10, TimeUnit.SECONDS)).isTrue();

        dispatcher.stop();

        assertThat(made).singleElement().satisfies(thread -> assertThat(thread.isAlive())
                .as("the interrupted dispatch thread ended before stop returned").isFalse());
        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.PENDING);
        assertThat(row.retryCount()).as("stopping is not the message's fault").isZero();
        assertThat(row.failReason()).isNull();
        assertThat(row.nextRetryAt()).as("handed back, due at once for another instance")
                .isBeforeOrEqualTo(Instant.now());
    }

    @Test
    void dispatchLoopsRunOnThreadsOfTheFactoryHandedInWhichEndWhenItStops() {
        List<Thread> made = new CopyOnWriteArrayList<>();
        Set<Thread> sending = ConcurrentHashMap.newKeySet();
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(message -> {
            sending.add(Thread.currentThread());
            return this.sender.send(message);
        })).dispatchThreadFactory(task -> {
            Thread thread = new Thread(task, "app-dispatch-" + made.size());
            thread.setDaemon(true);
            made.add(thread);
            return thread;
        }).settings(DispatcherSettings.builder().threads(2).build()).build();
        OutboxTemplate handingOff = this.fixture.template().handoff(dispatcher).build();
        dispatcher.start();
        try {
            long id = this.fixture.inTransaction(() -> handingOff.save("order.created", "order-1", "orders", "{}"))
                    .id();
            await().atMost(Duration.ofSeconds(20)).until(() -> this.fixture.row(id).state() == MessageState.SENT);
        }
        finally {
            dispatcher.stop();
        }

        assertThat(made).hasSize(2);
        assertThat(sending).singleElement().isIn(made);
        assertThat(made).noneMatch(Thread::isAlive);
    }

    @Test
    void runningDispatcherRetriesAFailedSendWithoutWaitingForAPoll() {
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender))
                .retryPolicies(new RetryPolicies(new RetryPolicy(Duration.ofMillis(50), 1.0, Duration.ofMillis(50),
                        0.0, 5), Map.of(), null))
                .settings(DispatcherSettings.builder().pollInterval(Duration.ofMinutes(5))
                        .maxPollInterval(Duration.ofMinutes(5)).build())
                .build();
        OutboxTemplate handingOff = this.fixture.template().handoff(dispatcher).build();
        this.sender.failWhen(message -> message.attempt() < 3);
        dispatcher.start();
        try {
            long id = this.fixture.inTransaction(() -> handingOff.save("order.created", "order-1", "orders", "{}"))
                    .id();
            await().atMost(Duration.ofSeconds(20)).until(() -> this.fixture.row(id).state() == MessageState.SENT);
            assertThat(this.fixture.row(id).retryCount()).isEqualTo(2);
        }
        finally {
            dispatcher.stop();
        }
    }

    @Test
    void aRowThatBecameDueBehindTheScanPositionIsClaimedWhenTheScanStartsOver() {
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender)).clock(this.clock)
                .settings(DispatcherSettings.builder().lease(LEASE).batchSize(2).build()).build();
        for (String key : List.of("a", "b", "c", "d", "e")) {
            save(key, null);
        }
        assertThat(dispatcher.dispatchOnce()).as("a full batch: the next scan continues after b").isEqualTo(2);
        // A transaction that saved its message a second ago commits only now.
        this.clock.set(START.minusSeconds(1));
        save("late", null);
        this.clock.set(START.plusMillis(10));

        assertThat(dispatcher.dispatchOnce()).isEqualTo(2);
        assertThat(this.sender.sentKeys()).as("the scan went on after b").containsExactly("a", "b", "c", "d");
        this.clock.advance(DispatcherSettings.POLL_INTERVAL.defaultValue());
        assertThat(dispatcher.dispatchOnce()).isEqualTo(2);

        // The rescan from the earliest due row found it; a batch is sent in id order.
        assertThat(this.sender.sentKeys()).containsExactly("a", "b", "c", "d", "e", "late");
    }
}
