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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.spi.MessageHandler;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.RecordingSender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The database as the queue: message types routed to handlers in the process, claimed with the
 * dispatcher's leases, retries, ordering and FAILED handling, each handled in a transaction that
 * also marks the message CONSUMED; and the fallback that hands a message to a local handler once
 * the broker has failed it often enough.
 */
abstract class LocalHandlerContract extends DatabaseContract {

    private static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private static final String TYPE = "invoice.requested";

    private final List<OutgoingMessage> handled = new CopyOnWriteArrayList<>();

    private MutableClock clock;

    private OutboxTemplate outbox;

    private Dispatcher running;

    @BeforeEach
    void freshState() {
        this.handled.clear();
        this.clock = new MutableClock(START);
        this.outbox = this.fixture.template().clock(this.clock).build();
    }

    @AfterEach
    void stopDispatcher() {
        if (this.running != null) {
            this.running.stop();
        }
    }

    private static RetryPolicies attempts(int maxAttempts) {
        RetryPolicy policy = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.0, maxAttempts);
        return new RetryPolicies(policy, Map.of(), null);
    }

    private Dispatcher.Builder dispatcher(MessageRoutes routes, ClaimStrategy strategy) {
        return this.fixture.dispatcher(routes).clock(this.clock).retryPolicies(attempts(3))
                .settings(DispatcherSettings.builder().claimStrategy(strategy).build());
    }

    private Dispatcher handling(MessageHandler handler, ClaimStrategy strategy) {
        return dispatcher(MessageRoutes.builder().handle(TYPE, "invoicing", handler).build(), strategy).build();
    }

    /** A handler that writes a business row through the application's data source, then records the message. */
    private MessageHandler writingBusinessRow() {
        return message -> {
            this.fixture.insertBusinessRow("invoice-" + message.key());
            this.handled.add(message);
        };
    }

    private long save(String key, String orderingKey) {
        return this.fixture.save(this.outbox.message(TYPE).key(key).topic("invoices")
                .payload("{\"order\":\"" + key + "\"}"), orderingKey);
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void handlerWritesAndTheConsumedMarkCommitTogether(ClaimStrategy strategy) {
        long id = save("order-1", null);

        assertThat(handling(writingBusinessRow(), strategy).dispatchOnce()).isOne();

        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.CONSUMED);
        assertThat(row.brokerMessageId()).isEqualTo("local:invoicing");
        assertThat(row.lastAttemptAt()).isEqualTo(START);
        assertThat(row.nextRetryAt()).as("when it was consumed, not its lease's end").isEqualTo(START);
        assertThat(this.fixture.countBusinessRows()).isOne();
        assertThat(this.handled).singleElement().satisfies(message -> {
            assertThat(message.id()).isEqualTo(id);
            assertThat(message.body()).isEqualTo("{\"order\":\"order-1\"}");
            assertThat(message.attempt()).isOne();
        });
    }

    @Test
    void failingHandlerRollsBackItsWritesAndIsRetriedWithBackOffUntilFailed() {
        Dispatcher dispatcher = handling(message -> {
            this.fixture.insertBusinessRow("half-done");
            throw new java.io.IOException("invoice service unreachable");
        }, ClaimStrategy.SKIP_LOCKED);
        long id = save("order-1", null);

        dispatcher.dispatchOnce();
        StoredMessage retried = this.fixture.row(id);
        assertThat(retried.state()).isEqualTo(MessageState.PENDING);
        assertThat(retried.retryCount()).isOne();
        assertThat(retried.nextRetryAt()).isEqualTo(START.plusSeconds(1));
        assertThat(retried.failReason()).startsWith("java.io.IOException: invoice service unreachable");
        assertThat(this.fixture.countBusinessRows()).as("the failed handler's write is rolled back").isZero();

        this.clock.advance(Duration.ofSeconds(1));
        dispatcher.dispatchOnce();
        this.clock.advance(Duration.ofSeconds(2));
        dispatcher.dispatchOnce();

        StoredMessage failed = this.fixture.row(id);
        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.retryCount()).isEqualTo(3);
        assertThat(this.fixture.countBusinessRows()).isZero();
    }

    @Test
    void messagesOfAnOrderingKeyAreHandledOneAtATimeInOrderAcrossAFailure() {
        AtomicInteger calls = new AtomicInteger();
        Dispatcher dispatcher = handling(message -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("first attempt fails");
            }
            this.handled.add(message);
        }, ClaimStrategy.SKIP_LOCKED);
        save("step-1", "customer-7");
        save("step-2", "customer-7");
        save("step-3", "customer-7");

        assertThat(dispatcher.dispatchOnce()).as("the key's run is claimed together").isEqualTo(3);
        assertThat(this.handled).as("nothing after the failed first message was handled").isEmpty();
        assertThat(dispatcher.dispatchOnce()).as("the key waits for its failed first message").isZero();
        this.clock.advance(Duration.ofSeconds(1));
        for (int round = 0; round < 3; round++) {
            dispatcher.dispatchOnce();
        }

        assertThat(this.handled).extracting(OutgoingMessage::key).containsExactly("step-1", "step-2", "step-3");
        assertThat(this.fixture.count("state = 'CONSUMED'")).isEqualTo(3);
    }

    @Test
    void handlerWhoseLeaseWasTakenOverRollsBackAndLeavesTheMessageToTheNewOwner() {
        DataSource otherInstance = this.fixture.database.newDataSource(1);
        JdbcTemplate otherJdbc = new JdbcTemplate(otherInstance);
        long id = save("order-1", null);
        Dispatcher dispatcher = handling(message -> {
            // Another instance claims the message as if this one's lease had run out.
            otherJdbc.update("UPDATE " + OutboxFixture.TABLE + " SET lock_version = lock_version + 1 WHERE id = ?",
                    message.id());
            writingBusinessRow().handle(message);
        }, ClaimStrategy.SKIP_LOCKED);

        dispatcher.dispatchOnce();

        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.PENDING);
        assertThat(row.retryCount()).as("the stale failure outcome is not written either").isZero();
        assertThat(this.fixture.countBusinessRows()).isZero();
    }

    @Test
    void handlerThatOutlastsTheSendTimeoutIsRolledBackAndAQueuedOneNeverRuns() {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger started = new AtomicInteger();
        Dispatcher dispatcher = dispatcher(MessageRoutes.builder().handle(TYPE, "invoicing", message -> {
            started.incrementAndGet();
            release.await(5, TimeUnit.SECONDS);
            writingBusinessRow().handle(message);
        }).build(), ClaimStrategy.SKIP_LOCKED)
                .settings(DispatcherSettings.builder().lease(Duration.ofSeconds(2)).sendTimeout(Duration.ofMillis(300))
                        .handlerThreads(1).build())
                .build();
        long first = save("order-1", null);
        long second = save("order-2", null);

        dispatcher.dispatchOnce();
        release.countDown();

        for (long id : List.of(first, second)) {
            StoredMessage row = this.fixture.row(id);
            assertThat(row.state()).isEqualTo(MessageState.PENDING);
            assertThat(row.retryCount()).isOne();
            assertThat(row.failReason()).contains("the local handler did not finish within PT0.3S");
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> this.handled.size() == 1);
        // The queued handler was cancelled before it started: the only thread stays free of it.
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> started.get() == 1);
        assertThat(this.fixture.countBusinessRows()).as("the late handler's write is rolled back").isZero();
        assertThat(this.fixture.row(first).state()).isEqualTo(MessageState.PENDING);
    }

    @Test
    void committedMessagesReachARunningDispatchersHandlerWithoutAClaim() {
        this.running = dispatcher(MessageRoutes.builder().handle(TYPE, "invoicing", writingBusinessRow()).build(),
                ClaimStrategy.SKIP_LOCKED).clock(java.time.Clock.systemUTC()).build();
        OutboxTemplate handingOff = this.fixture.template().handoff(this.running).build();
        this.running.start();

        long id = this.fixture.inTransaction(() -> handingOff.save(TYPE, "order-9", "invoices", "{}")).id();

        await().atMost(Duration.ofSeconds(10)).until(() -> this.fixture.row(id).state() == MessageState.CONSUMED);
        assertThat(this.fixture.countBusinessRows()).isOne();
    }

    @Test
    void handlersRunOnTheDispatchersDaemonThreadsWhichEndWhenItStops() {
        Set<Thread> handlerThreads = ConcurrentHashMap.newKeySet();
        Dispatcher dispatcher = handling(message -> handlerThreads.add(Thread.currentThread()),
                ClaimStrategy.SKIP_LOCKED);
        save("order-1", null);
        save("order-2", null);

        assertThat(dispatcher.dispatchOnce()).isEqualTo(2);
        assertThat(handlerThreads).isNotEmpty().allSatisfy(thread -> {
            assertThat(thread.getName()).startsWith("outbox-handler-");
            assertThat(thread.isDaemon()).isTrue();
        });

        dispatcher.stop();

        await().atMost(Duration.ofSeconds(5)).until(() -> handlerThreads.stream().noneMatch(Thread::isAlive));
    }

    @Test
    void stoppingWaitsForAHandlerThatOutlastedItsBatch() throws Exception {
        CountDownLatch stopping = new CountDownLatch(1);
        AtomicBoolean handlerEnded = new AtomicBoolean();
        Dispatcher dispatcher = dispatcher(MessageRoutes.builder().handle(TYPE, "invoicing", message -> {
            stopping.await(10, TimeUnit.SECONDS);
            handlerEnded.set(true);
        }).build(), ClaimStrategy.SKIP_LOCKED)
                .settings(DispatcherSettings.builder().lease(Duration.ofSeconds(2)).sendTimeout(Duration.ofMillis(100))
                        .build())
                .build();
        save("order-1", null);
        dispatcher.dispatchOnce();

        stopping.countDown();
        dispatcher.stop();

        assertThat(handlerEnded).as("the handler ended before stop returned").isTrue();
    }

    @Test
    void aHandlerStillRunningAtTheShutdownTimeoutIsInterrupted() {
        CountDownLatch interrupted = new CountDownLatch(1);
        Dispatcher dispatcher = dispatcher(MessageRoutes.builder().handle(TYPE, "invoicing", message -> {
            try {
                new CountDownLatch(1).await();
            }
            catch (InterruptedException ex) {
                interrupted.countDown();
                throw ex;
            }
        }).build(), ClaimStrategy.SKIP_LOCKED)
                .settings(DispatcherSettings.builder().lease(Duration.ofSeconds(2)).sendTimeout(Duration.ofMillis(100))
                        .shutdownTimeout(Duration.ofMillis(100)).build())
                .build();
        save("order-1", null);
        dispatcher.dispatchOnce();

        dispatcher.stop();

        await().atMost(Duration.ofSeconds(5)).until(() -> interrupted.getCount() == 0);
    }

    @Test
    void handlersRunOnAnExecutorHandedInWhichStoppingLeavesRunning() {
        ExecutorService applicationPool = Executors.newSingleThreadExecutor(task -> new Thread(task, "app-pool"));
        try {
            List<String> threadNames = new CopyOnWriteArrayList<>();
            Dispatcher dispatcher = dispatcher(MessageRoutes.builder().handle(TYPE, "invoicing",
                    message -> threadNames.add(Thread.currentThread().getName())).build(), ClaimStrategy.SKIP_LOCKED)
                    .handlerExecutor(applicationPool).build();
            long id = save("order-1", null);

            dispatcher.dispatchOnce();
            dispatcher.stop();

            assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.CONSUMED);
            assertThat(threadNames).containsExactly("app-pool");
            assertThat(applicationPool.isShutdown()).isFalse();
        }
        finally {
            applicationPool.shutdownNow();
        }
    }

    @Test
    void aHandlerTheExecutorRefusesIsNotAttemptedAndItsMessageComesDueALeaseLater() {
        AtomicBoolean full = new AtomicBoolean(true);
        Dispatcher dispatcher = dispatcher(MessageRoutes.builder().handle(TYPE, "invoicing", writingBusinessRow())
                .build(), ClaimStrategy.SKIP_LOCKED).handlerExecutor(task -> {
                    if (full.get()) {
                        throw new RejectedExecutionException("the handler pool is full");
                    }
                    task.run();
                }).build();
        long id = save("order-1", null);

        dispatcher.dispatchOnce();

        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.PENDING);
        assertThat(row.retryCount()).isZero();
        assertThat(row.failReason()).isNull();
        assertThat(row.nextRetryAt()).isEqualTo(START.plus(DispatcherSettings.LEASE.defaultValue()));
        full.set(false);
        this.clock.advance(DispatcherSettings.LEASE.defaultValue());
        dispatcher.dispatchOnce();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.CONSUMED);
    }

    @Test
    void aHandlerThatThrowsARejectedExecutionOfItsOwnSpendsAnAttempt() {
        Dispatcher dispatcher = handling(message -> {
            throw new RejectedExecutionException("the mail pool is full");
        }, ClaimStrategy.SKIP_LOCKED);
        long id = save("order-1", null);

        dispatcher.dispatchOnce();

        StoredMessage row = this.fixture.row(id);
        assertThat(row.retryCount()).isOne();
        assertThat(row.failReason()).contains("RejectedExecutionException: the mail pool is full");
    }

    @Test
    void behindAHandlerThatNeverReturnsTheFullQueueHoldsHandlersBackUnattemptedAndNothingIsLost() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RecordingSender broker = new RecordingSender();
        MessageRoutes routes = MessageRoutes.builder().defaultSender(broker).handle(TYPE, "invoicing", message -> {
            if (message.key().equals("hung")) {
                release.await();
            }
            this.handled.add(message);
        }).build();
        Duration lease = DispatcherSettings.LEASE.defaultValue();
        Dispatcher dispatcher = this.fixture.dispatcher(routes).clock(this.clock).retryPolicies(attempts(3))
                .settings(DispatcherSettings.builder().handlerThreads(1).handlerQueueCapacity(2)
                        .sendTimeout(Duration.ofSeconds(1)).build()).build();
        try {
            long hung = save("hung", null);
            List<Long> queued = List.of(save("order-1", null), save("order-2", null));
            List<Long> heldBack = List.of(save("order-3", null), save("order-4", null), save("order-5", null));
            long mail = saveMail("mail-1");

            assertThat(dispatcher.dispatchOnce()).isEqualTo(7);

            assertThat(this.fixture.row(mail).state()).as("other work goes on").isEqualTo(MessageState.SENT);
            for (long id : heldBack) {
                StoredMessage row = this.fixture.row(id);
                assertThat(row.state()).isEqualTo(MessageState.PENDING);
                assertThat(row.retryCount()).as("not attempted").isZero();
                assertThat(row.nextRetryAt()).isEqualTo(START.plus(lease));
            }
            for (long id : List.of(hung, queued.get(0), queued.get(1))) {
                assertThat(this.fixture.row(id).retryCount()).as("timed out while hung or queued behind it").isOne();
            }

            // The queue still holds the two timed-out handlers: the next round queues none of its own.
            this.clock.advance(lease);
            long secondMail = saveMail("mail-2");
            assertThat(dispatcher.dispatchOnce()).isEqualTo(7);
            assertThat(this.fixture.row(secondMail).state()).isEqualTo(MessageState.SENT);
            for (long id : List.of(hung, queued.get(0), queued.get(1))) {
                assertThat(this.fixture.row(id).retryCount()).as("held back, not attempted again").isOne();
            }
            assertThat(heldBack).allSatisfy(id -> assertThat(this.fixture.row(id).retryCount()).isZero());
        }
        finally {
            release.countDown();
        }
        List<Long> all = this.fixture.jdbc.queryForList("SELECT id FROM " + OutboxFixture.TABLE
                + " WHERE message_type = ?", Long.class, TYPE);
        // Rounds until all are consumed: a round may still find the queue taken by handlers the hung one held up.
        for (int round = 0; round < 20 && !all.stream().allMatch(
                id -> this.fixture.row(id).state() == MessageState.CONSUMED); round++) {
            this.clock.advance(lease);
            dispatcher.dispatchOnce();
        }
        assertThat(all).hasSize(6)
                .allSatisfy(id -> assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.CONSUMED));
        dispatcher.stop();
    }

    private long saveMail(String key) {
        return this.fixture.save(this.outbox.message("mail.requested").key(key).topic("mails").payload("{}"), null);
    }

    @Test
    void fallbackHandlerTakesOverOnceTheBrokerFailedAMessageEnoughTimes() {
        RecordingSender broker = new RecordingSender();
        broker.failKey("order-1");
        MessageRoutes routes = MessageRoutes.builder().defaultSender(broker)
                .fallback(TYPE, "invoice-fallback", writingBusinessRow(), 2).build();
        Dispatcher dispatcher = dispatcher(routes, ClaimStrategy.SKIP_LOCKED).build();
        long failing = save("order-1", null);
        long healthy = save("order-2", null);

        dispatcher.dispatchOnce();
        this.clock.advance(Duration.ofSeconds(1));
        dispatcher.dispatchOnce();
        StoredMessage afterTwoFailures = this.fixture.row(failing);
        assertThat(afterTwoFailures.state()).isEqualTo(MessageState.PENDING);
        assertThat(afterTwoFailures.retryCount()).isEqualTo(2);
        assertThat(this.handled).isEmpty();

        this.clock.advance(Duration.ofSeconds(2));
        dispatcher.dispatchOnce();

        StoredMessage degraded = this.fixture.row(failing);
        assertThat(degraded.state()).isEqualTo(MessageState.CONSUMED);
        assertThat(degraded.brokerMessageId()).isEqualTo("fallback:invoice-fallback");
        assertThat(this.handled).singleElement().satisfies(message -> assertThat(message.attempt()).isEqualTo(3));
        StoredMessage sent = this.fixture.row(healthy);
        assertThat(sent.state()).isEqualTo(MessageState.SENT);
        assertThat(sent.brokerMessageId()).isEqualTo("rec-" + healthy);
        assertThat(this.fixture.countBusinessRows()).isOne();
    }
}
