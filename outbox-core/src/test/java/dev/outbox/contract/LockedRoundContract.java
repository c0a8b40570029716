/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.RecordingSender;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The locked round ({@code outbox.dispatcher.locked-send-window}) on a real database: a confirmed message is
 * written once, a late or failing broker falls back to the lease path, no row goes to two instances, ordering keys
 * keep their order, and an instance that dies inside the window loses nothing. Each write moves a row's
 * {@code lock_version} one step, so the version counts the writes.
 */
abstract class LockedRoundContract extends DatabaseContract {

    /** Long enough that a loaded machine confirms a local send within it; far below a quarter lease. */
    private static final Duration WINDOW = Duration.ofSeconds(1);

    private static final Duration LEASE = Duration.ofSeconds(30);

    private OutboxTemplate outbox;

    @BeforeEach
    void template() {
        // Without a hand-off every message is claimed, which is what these tests drive.
        this.outbox = this.fixture.template().build();
    }

    private Dispatcher dispatcher(MessageSender sender, Duration window, ClaimStrategy strategy) {
        return dispatcher(this.fixture.dispatcher(MessageRoutes.to(sender)), window, strategy);
    }

    private static Dispatcher dispatcher(Dispatcher.Builder builder, Duration window, ClaimStrategy strategy) {
        RetryPolicy noJitter = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.0, 5);
        return builder.retryPolicies(new RetryPolicies(noJitter, Map.of(), null))
                .settings(DispatcherSettings.builder().lease(LEASE).claimStrategy(strategy).lockedSendWindow(window)
                        .batchSize(50).pollInterval(Duration.ofMillis(50)).maxPollInterval(Duration.ofMillis(200))
                        .build())
                .build();
    }

    private long save(String key, String orderingKey) {
        return this.fixture.save(this.outbox.message("order.created").key(key).topic("orders").payload("{}"),
                orderingKey);
    }

    private long writes(long id) {
        return Objects.requireNonNull(this.fixture.jdbc.queryForObject(
                "SELECT lock_version FROM " + OutboxFixture.TABLE + " WHERE id = ?", Long.class, id));
    }

    @Test
    void aMessageConfirmedWithinTheWindowIsWrittenOnce() {
        RecordingSender sender = new RecordingSender();
        List<Long> ids = List.of(save("order-1", null), save("order-2", "customer-1"), save("order-3", "customer-1"));
        List<Long> before = ids.stream().map(this::writes).toList();

        assertThat(dispatcher(sender, WINDOW, ClaimStrategy.SKIP_LOCKED).dispatchOnce()).isEqualTo(3);

        assertThat(sender.sentKeys()).containsExactly("order-1", "order-2", "order-3");
        for (int i = 0; i < ids.size(); i++) {
            StoredMessage row = this.fixture.row(ids.get(i));
            assertThat(row.state()).isEqualTo(MessageState.SENT);
            assertThat(row.brokerMessageId()).isEqualTo("rec-" + ids.get(i));
            assertThat(writes(ids.get(i))).as("one write: SENT, no lease before it").isEqualTo(before.get(i) + 1);
        }
    }

    @Test
    void aWindowOfZeroLeasesFirstAsBefore() {
        long id = save("order-1", null);
        long before = writes(id);

        assertThat(dispatcher(new RecordingSender(), Duration.ZERO, ClaimStrategy.SKIP_LOCKED).dispatchOnce()).isOne();

        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.SENT);
        assertThat(writes(id)).as("two writes: the lease, then SENT").isEqualTo(before + 2);
    }

    @Test
    void theOptimisticStrategyLeasesFirstWhateverTheWindow() {
        long id = save("order-1", null);
        long before = writes(id);

        assertThat(dispatcher(new RecordingSender(), WINDOW, ClaimStrategy.OPTIMISTIC).dispatchOnce()).isOne();

        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.SENT);
        assertThat(writes(id)).isEqualTo(before + 2);
    }

    @Test
    void aBrokerThatAnswersJustAfterTheWindowFinishesThroughTheLeasePath() {
        Duration window = Duration.ofMillis(100);
        LateSender late = new LateSender(window.multipliedBy(3));
        long id = save("order-1", null);
        long before = writes(id);

        assertThat(dispatcher(late, window, ClaimStrategy.SKIP_LOCKED).dispatchOnce()).isOne();

        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.SENT);
        assertThat(row.brokerMessageId()).isEqualTo("late-" + id);
        assertThat(row.retryCount()).isZero();
        assertThat(late.sends()).as("delivered once").isEqualTo(1);
        assertThat(writes(id)).as("leased before the commit, then SENT").isEqualTo(before + 2);
    }

    @Test
    void aFailingBrokerSchedulesTheRetryInTheSameWrite() {
        RecordingSender sender = new RecordingSender();
        sender.failKey("order-1");
        MutableClock clock = new MutableClock(Instant.parse("2026-05-01T08:00:00Z"));
        long id = this.fixture.save(this.fixture.template().clock(clock).build().message("order.created")
                .key("order-1").topic("orders").payload("{}"), null);
        long before = writes(id);

        assertThat(dispatcher(this.fixture.dispatcher(MessageRoutes.to(sender)).clock(clock), WINDOW,
                ClaimStrategy.SKIP_LOCKED).dispatchOnce()).isOne();

        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.PENDING);
        assertThat(row.retryCount()).isOne();
        assertThat(row.failReason()).startsWith("java.lang.IllegalStateException: broker refused order-1");
        assertThat(row.nextRetryAt()).isEqualTo(clock.instant().plus(Duration.ofSeconds(1)));
        assertThat(writes(id)).isEqualTo(before + 1);
    }

    @Test
    void aKeyStopsAtAFailureAndItsNextMessagesWaitForTheRetry() {
        RecordingSender sender = new RecordingSender();
        sender.failKey("order-3");
        List<Long> ids = IntStream.rangeClosed(1, 5).mapToObj(i -> save("order-" + i, "customer-1")).toList();
        Dispatcher dispatcher = dispatcher(sender, WINDOW, ClaimStrategy.SKIP_LOCKED);

        dispatcher.dispatchOnce();
        assertThat(dispatcher.dispatchOnce()).as("nothing of the key passes its failed message").isZero();

        assertThat(sender.sentKeys()).containsExactly("order-1", "order-2");
        assertThat(this.fixture.row(ids.get(2)).retryCount()).isOne();
        assertThat(this.fixture.row(ids.get(3)).state()).isEqualTo(MessageState.PENDING);
        assertThat(this.fixture.row(ids.get(3)).retryCount()).as("not attempted").isZero();
    }

    @Test
    void twoInstancesDrainingOneTableSendEachMessageOnceAndEachKeyInOrder() {
        int messages = 600;
        int keys = 20;
        OutboxTemplate writer = this.fixture.template().build();
        for (int i = 0; i < messages; i++) {
            String key = "m-" + i;
            String orderingKey = (i % 3 == 0) ? "customer-" + (i % keys) : null;
            this.fixture.save(writer.message("order.created").key(key).topic("orders").payload("{}"), orderingKey);
        }
        DeliveryLog log = new DeliveryLog();
        List<Dispatcher> instances = new ArrayList<>();
        for (int instance = 0; instance < 2; instance++) {
            DataSource pool = this.fixture.database.newDataSource(2);
            instances.add(dispatcher(Dispatcher.builder(this.fixture.store(pool), MessageRoutes.to(log)), WINDOW,
                    ClaimStrategy.SKIP_LOCKED));
        }
        instances.forEach(Dispatcher::start);
        try {
            await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(100))
                    .until(() -> this.fixture.count("state = 'SENT'") == messages);
        }
        finally {
            instances.forEach(Dispatcher::stop);
        }

        log.assertEachDeliveredExactlyOnce(messages);
        log.assertEachOrderingKeyArrivedInIdOrder(keys);
        assertThat(this.fixture.count("lock_version = 1")).as("every message written once").isEqualTo(messages);
    }

    @Test
    void aPoolOfOneConnectionServesTheLockedRoundAndTheOrderedHandOffsOfOneCycle() {
        // The table's backlog goes through the locked round; what is saved meanwhile is handed off and checked for
        // its key's order, which needs a connection: with a pool of one, only after the round's commit.
        for (int i = 0; i < 100; i++) {
            save("backlog-" + i, "customer-" + (i % 5));
        }
        DeliveryLog log = new DeliveryLog();
        DataSource poolOfOne = this.fixture.database.newDataSource(1);
        Dispatcher instance = dispatcher(Dispatcher.builder(this.fixture.store(poolOfOne), MessageRoutes.to(log)),
                WINDOW, ClaimStrategy.SKIP_LOCKED);
        OutboxTemplate handingOff = this.fixture.template().handoff(instance).build();
        instance.start();
        try {
            for (int i = 0; i < 100; i++) {
                this.fixture.save(handingOff.message("order.created").key("handed-" + i).topic("orders")
                        .payload("{}"), "customer-" + (i % 5));
            }
            await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(100))
                    .until(() -> this.fixture.count("state = 'SENT'") == 200);
        }
        finally {
            instance.stop();
        }

        log.assertEachDeliveredExactlyOnce(200);
        log.assertEachOrderingKeyArrivedInIdOrder(5);
    }

    @Test
    void anInstanceKilledInsideTheWindowLeavesItsRowsDueForAnother() {
        List<Long> ids = List.of(save("order-1", null), save("order-2", "customer-1"), save("order-3", "customer-1"));
        AtomicBoolean killed = new AtomicBoolean();
        MessageSender killing = message -> {
            // The instance dies while its transaction holds the rows locked: its connection goes.
            if (killed.compareAndSet(false, true)) {
                killLockingSession(this.fixture.jdbc);
            }
            return CompletableFuture.completedFuture("lost-" + message.id());
        };
        DataSource dyingPool = this.fixture.database.newDataSource(1);
        Dispatcher dying = dispatcher(Dispatcher.builder(this.fixture.store(dyingPool), MessageRoutes.to(killing)),
                WINDOW, ClaimStrategy.SKIP_LOCKED);

        assertThatThrownBy(dying::dispatchOnce).as("its outcomes never commit").isInstanceOf(RuntimeException.class);
        assertThat(killed).isTrue();
        assertThat(this.fixture.count("state = 'PENDING' AND lock_version = 0")).as("rolled back, not leased")
                .isEqualTo(3);

        RecordingSender survivor = new RecordingSender();
        assertThat(dispatcher(survivor, WINDOW, ClaimStrategy.SKIP_LOCKED).dispatchOnce()).as("due at once")
                .isEqualTo(3);
        assertThat(survivor.sentKeys()).containsExactly("order-1", "order-2", "order-3");
        ids.forEach(id -> assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.SENT));
    }

    /**
     * Ends, from another connection, the session whose transaction holds rows of the outbox locked, as the death
     * of its instance would.
     */
    private void killLockingSession(JdbcTemplate admin) {
        if (kind() == TestDatabase.Kind.MARIADB) {
            List<Long> sessions = admin.queryForList("""
                    SELECT p.id FROM information_schema.processlist p
                    JOIN information_schema.innodb_trx t ON t.trx_mysql_thread_id = p.id
                    WHERE p.db = DATABASE() AND p.id <> CONNECTION_ID()""", Long.class);
            assertThat(sessions).hasSize(1);
            admin.execute("KILL " + sessions.get(0));
        }
        else {
            List<Boolean> ended = admin.queryForList("""
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = current_database() AND pid <> pg_backend_pid()
                      AND state = 'idle in transaction'""", Boolean.class);
            assertThat(ended).containsExactly(true);
        }
    }

    /** A broker that confirms each message a fixed time after it was sent. */
    private static final class LateSender implements MessageSender {

        private final Duration delay;

        private final AtomicInteger sends = new AtomicInteger();

        LateSender(Duration delay) {
            this.delay = delay;
        }

        @Override
        public CompletionStage<String> send(OutgoingMessage message) {
            this.sends.incrementAndGet();
            return CompletableFuture.supplyAsync(() -> "late-" + message.id(),
                    CompletableFuture.delayedExecutor(this.delay.toMillis(), TimeUnit.MILLISECONDS));
        }

        int sends() {
            return this.sends.get();
        }
    }
}
