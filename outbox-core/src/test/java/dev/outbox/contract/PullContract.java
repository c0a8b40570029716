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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.consumer.pull.MessagePuller;
import dev.outbox.consumer.pull.ReceivedMessage;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.RecordingSender;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * Consumers that poll the table as a queue: receive with a lease, ack to CONSUMED, nack to a retry
 * or FAILED, redelivery after the lease, ordering per key, and no message answered twice under
 * concurrent consumers; the dispatcher leaves pulled topics alone.
 */
abstract class PullContract extends DatabaseContract {

    private static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private static final Duration LEASE = Duration.ofSeconds(30);

    private static final String TOPIC = "jobs";

    private MutableClock clock;

    private OutboxTemplate outbox;

    @BeforeEach
    void freshState() {
        this.clock = new MutableClock(START);
        this.outbox = this.fixture.template().clock(this.clock).build();
    }

    private MessagePuller puller(ClaimStrategy strategy) {
        return puller(this.fixture.store, strategy);
    }

    private MessagePuller puller(OutboxStore store, ClaimStrategy strategy) {
        RetryPolicy policy = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.0, 2);
        return MessagePuller.builder(store, Set.of(TOPIC)).lease(LEASE).claimStrategy(strategy)
                .retryPolicies(new RetryPolicies(policy, Map.of(), null)).clock(this.clock).build();
    }

    private long save(String key, String topic, String orderingKey) {
        return this.fixture.save(this.outbox.message("report.requested").key(key).topic(topic).payload("{}"),
                orderingKey);
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void receiveLeasesDueMessagesOfItsTopicAndAckMarksThemConsumed(ClaimStrategy strategy) {
        long first = save("r-1", TOPIC, null);
        long second = save("r-2", TOPIC, null);
        save("o-1", "orders", null);
        MessagePuller puller = puller(strategy);

        List<ReceivedMessage> received = puller.receive(TOPIC, 10);

        assertThat(received).extracting(ReceivedMessage::id).containsExactly(first, second);
        assertThat(received).allSatisfy(message -> {
            assertThat(message.leaseUntil()).isEqualTo(START.plus(LEASE));
            assertThat(message.message().topic()).isEqualTo(TOPIC);
            assertThat(message.message().attempt()).isOne();
        });
        assertThat(puller.receive(TOPIC, 10)).as("leased messages are not received twice").isEmpty();

        received.forEach(message -> assertThat(puller.ack(message)).isTrue());
        StoredMessage acked = this.fixture.row(first);
        assertThat(acked.state()).isEqualTo(MessageState.CONSUMED);
        assertThat(acked.brokerMessageId()).isEqualTo("pull");
        assertThat(acked.nextRetryAt()).as("when it was acknowledged, not its lease's end").isEqualTo(START);
        assertThat(this.fixture.count("topic = 'orders' AND state = 'PENDING'")).isOne();
    }

    @Test
    void unansweredMessageIsReceivedAgainAfterItsLeaseAndTheStaleAckIsRefused() {
        long id = save("r-1", TOPIC, null);
        MessagePuller puller = puller(ClaimStrategy.SKIP_LOCKED);
        ReceivedMessage first = puller.receive(TOPIC, 1).get(0);

        this.clock.advance(LEASE.minusMillis(1));
        assertThat(puller.receive(TOPIC, 1)).isEmpty();
        this.clock.advance(Duration.ofMillis(1));
        ReceivedMessage again = puller.receive(TOPIC, 1).get(0);

        assertThat(again.id()).isEqualTo(id);
        assertThat(puller.ack(first)).as("the first receiver's lease ended").isFalse();
        assertThat(puller.nack(first, new IllegalStateException("late"))).isFalse();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.PENDING);
        assertThat(puller.ack(again)).isTrue();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.CONSUMED);
    }

    @Test
    void nackRetriesWithBackOffAndParksTheMessageAsFailedWhenItsAttemptsAreSpent() {
        long id = save("r-1", TOPIC, null);
        MessagePuller puller = puller(ClaimStrategy.SKIP_LOCKED);

        assertThat(puller.nack(puller.receive(TOPIC, 1).get(0), new IllegalStateException("report engine down")))
                .isTrue();
        StoredMessage retried = this.fixture.row(id);
        assertThat(retried.state()).isEqualTo(MessageState.PENDING);
        assertThat(retried.retryCount()).isOne();
        assertThat(retried.nextRetryAt()).isEqualTo(START.plusSeconds(1));
        assertThat(retried.failReason()).startsWith("java.lang.IllegalStateException: report engine down");
        assertThat(puller.receive(TOPIC, 1)).as("not before its back-off").isEmpty();

        this.clock.advance(Duration.ofSeconds(1));
        ReceivedMessage second = puller.receive(TOPIC, 1).get(0);
        assertThat(second.message().attempt()).isEqualTo(2);
        puller.nack(second, new IllegalStateException("still down"));

        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.FAILED);
        this.clock.advance(Duration.ofDays(1));
        assertThat(puller.receive(TOPIC, 1)).isEmpty();
    }

    @Test
    void messagesOfAnOrderingKeyAreReceivedOneAtATime() {
        long first = save("r-1", TOPIC, "account-1");
        long second = save("r-2", TOPIC, "account-1");
        long other = save("r-3", TOPIC, "account-2");
        MessagePuller puller = puller(ClaimStrategy.SKIP_LOCKED);

        List<ReceivedMessage> received = puller.receive(TOPIC, 10);
        assertThat(received).extracting(ReceivedMessage::id).containsExactly(first, other);
        received.forEach(puller::ack);

        assertThat(puller.receive(TOPIC, 10)).extracting(ReceivedMessage::id).containsExactly(second);
    }

    @Test
    void ackJoinsTheCallersTransactionSoARollbackLeavesTheMessageToBeReceivedAgain() {
        long id = save("r-1", TOPIC, null);
        MessagePuller puller = puller(ClaimStrategy.SKIP_LOCKED);
        ReceivedMessage message = puller.receive(TOPIC, 1).get(0);

        this.fixture.transaction.executeWithoutResult(status -> {
            this.fixture.insertBusinessRow("report-r-1");
            assertThat(puller.ack(message)).isTrue();
            status.setRollbackOnly();
        });

        assertThat(this.fixture.countBusinessRows()).isZero();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.PENDING);
        this.clock.advance(LEASE);
        assertThat(puller.receive(TOPIC, 1)).extracting(ReceivedMessage::id).containsExactly(id);
    }

    @Test
    void receiveRefusesATopicThatIsNotPulledAndABatchSizeOutOfRange() {
        MessagePuller puller = puller(ClaimStrategy.SKIP_LOCKED);

        assertThatIllegalArgumentException().isThrownBy(() -> puller.receive("orders", 1))
                .withMessageStartingWith("topic 'orders' is not pulled; the pulled topics are [jobs]");
        assertThatIllegalArgumentException().isThrownBy(() -> puller.receive(TOPIC, 0))
                .withMessage("a receive takes 1 to 1000 messages, not 0");
        assertThatIllegalArgumentException().isThrownBy(() -> puller.receive(TOPIC, 1001))
                .withMessage("a receive takes 1 to 1000 messages, not 1001");
    }

    @Test
    void dispatcherLeavesPulledTopicsToPullConsumers() {
        RecordingSender sender = new RecordingSender();
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.builder().defaultSender(sender)
                .pullTopic(TOPIC).build()).clock(this.clock).build();
        long pulled = save("r-1", TOPIC, null);
        long sent = save("o-1", "orders", null);

        assertThat(dispatcher.dispatchOnce()).isOne();

        assertThat(sender.sent()).extracting(message -> message.id()).containsExactly(sent);
        assertThat(this.fixture.row(pulled).state()).isEqualTo(MessageState.PENDING);
        assertThat(puller(ClaimStrategy.SKIP_LOCKED).receive(TOPIC, 10)).extracting(ReceivedMessage::id)
                .containsExactly(pulled);
    }

    @Test
    void aRunningDispatcherDoesNotTakeHandOffsOfPulledTopics() {
        RecordingSender sender = new RecordingSender();
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.builder().defaultSender(sender)
                .pullTopic(TOPIC).build()).build();
        OutboxTemplate handingOff = this.fixture.template().handoff(dispatcher).build();
        dispatcher.start();
        try {
            long pulled = this.fixture.inTransaction(() -> handingOff.save("report.requested", "r-1", TOPIC, "{}")).id();
            long sent = this.fixture.inTransaction(() -> handingOff.save("order.created", "o-1", "orders", "{}")).id();

            await().atMost(Duration.ofSeconds(10)).until(() -> this.fixture.row(sent).state() == MessageState.SENT);
            StoredMessage waiting = this.fixture.row(pulled);
            assertThat(waiting.state()).isEqualTo(MessageState.PENDING);
            assertThat(waiting.nextRetryAt()).as("due at once, not leased to the dispatcher")
                    .isBeforeOrEqualTo(Instant.now());
            assertThat(sender.sent()).extracting(message -> message.id()).containsExactly(sent);
        }
        finally {
            dispatcher.stop();
        }
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void concurrentConsumersOnTwoInstancesAnswerEachMessageExactlyOnce(ClaimStrategy strategy) throws Exception {
        int messages = 400;
        this.fixture.inTransaction(() -> {
            for (int i = 0; i < messages; i++) {
                this.outbox.save("report.requested", "r-" + i, TOPIC, "{}");
            }
            return null;
        });
        List<DataSource> pools = List.of(this.fixture.database.newDataSource(4), this.fixture.database.newDataSource(4));
        Map<Long, Integer> acked = new ConcurrentHashMap<>();
        AtomicInteger idleRounds = new AtomicInteger();
        ExecutorService consumers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                MessagePuller puller = puller(this.fixture.store(pools.get(i % 2)), strategy);
                running.add(consumers.submit(() -> {
                    while (acked.size() < messages && idleRounds.get() < 200) {
                        List<ReceivedMessage> batch = puller.receive(TOPIC, 10);
                        if (batch.isEmpty()) {
                            idleRounds.incrementAndGet();
                        }
                        for (ReceivedMessage message : batch) {
                            if (puller.ack(message)) {
                                acked.merge(message.id(), 1, Integer::sum);
                            }
                        }
                    }
                }));
            }
            for (Future<?> consumer : running) {
                consumer.get(60, TimeUnit.SECONDS);
            }
        }
        finally {
            consumers.shutdownNow();
        }

        assertThat(acked).hasSize(messages);
        assertThat(acked.values()).containsOnly(1);
        assertThat(this.fixture.count("state = 'CONSUMED'")).isEqualTo(messages);
    }
}
