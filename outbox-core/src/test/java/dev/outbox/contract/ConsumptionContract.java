/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.consumer.mark.ConsumeResult;
import dev.outbox.consumer.mark.ConsumedMarker;
import dev.outbox.internal.jdbc.DeliveryOutcome;
import dev.outbox.message.InvalidMessageException;
import dev.outbox.message.MessageState;
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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A consumer sharing the database marks messages CONSUMED: from SENT, and from PENDING or FAILED
 * without a late outcome of the dispatcher setting them back; SUSPENDED is refused.
 */
abstract class ConsumptionContract extends DatabaseContract {

    private static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private static final Duration LEASE = Duration.ofSeconds(30);

    private static final Duration FAILED_RETRY_INTERVAL = Duration.ofHours(6);

    private static final String TYPE = "order.created";

    private RecordingSender sender;

    private MutableClock clock;

    private OutboxTemplate outbox;

    private ConsumedMarker consumed;

    @BeforeEach
    void freshState() {
        this.sender = new RecordingSender();
        this.clock = new MutableClock(START);
        this.outbox = this.fixture.template().clock(this.clock).build();
        this.consumed = this.fixture.consumedMarker().clock(this.clock).build();
    }

    private Dispatcher dispatcher(MessageSender sender, ClaimStrategy strategy) {
        RetryPolicy policy = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.0, 1);
        return this.fixture.dispatcher(MessageRoutes.to(sender)).clock(this.clock)
                .retryPolicies(new RetryPolicies(policy, Map.of(), FAILED_RETRY_INTERVAL))
                .settings(DispatcherSettings.builder().lease(LEASE).claimStrategy(strategy).build()).build();
    }

    private long save(String key, String orderingKey) {
        return this.fixture.inTransaction(() -> {
            var message = this.outbox.message(TYPE).key(key).topic("orders").payload("{}");
            if (orderingKey != null) {
                message.orderingKey(orderingKey);
            }
            return message.save();
        }).id();
    }

    @Test
    void sentMessageBecomesConsumed() {
        long id = save("order-1", null);
        dispatcher(this.sender, ClaimStrategy.SKIP_LOCKED).dispatchOnce();
        this.clock.advance(Duration.ofMinutes(5));

        assertThat(this.consumed.markConsumed(TYPE, "order-1")).isEqualTo(ConsumeResult.CONSUMED);

        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.CONSUMED);
        assertThat(row.brokerMessageId()).isEqualTo("rec-" + id);
        assertThat(row.nextRetryAt()).as("when it was consumed: the cleanup counts its age from it")
                .isEqualTo(this.clock.instant());
    }

    @Test
    void markingTwiceReportsThatItWasAlreadyConsumed() {
        long id = save("order-1", null);
        assertThat(this.consumed.markConsumed(TYPE, "order-1")).isEqualTo(ConsumeResult.CONSUMED);

        ConsumeResult again = this.consumed.markConsumed(TYPE, "order-1");

        assertThat(again).isEqualTo(ConsumeResult.ALREADY_CONSUMED);
        assertThat(again.isConsumed()).isTrue();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.CONSUMED);
    }

    @Test
    void pendingMessageConsumedBeforeItsSendIsNeverSent() {
        long id = save("order-1", null);

        assertThat(this.consumed.markConsumed(TYPE, "order-1")).isEqualTo(ConsumeResult.CONSUMED);

        this.clock.advance(LEASE);
        assertThat(dispatcher(this.sender, ClaimStrategy.SKIP_LOCKED).dispatchOnce()).isZero();
        assertThat(this.sender.sent()).isEmpty();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.CONSUMED);
    }

    @ParameterizedTest
    @EnumSource(ClaimStrategy.class)
    void messageConsumedWhileTheDispatcherHoldsItLeasedIsNotSetBackToSentByTheLateOutcome(ClaimStrategy strategy) {
        long id = save("order-1", null);
        // The broker delivers to the consumer, which confirms before the broker's ack reaches the dispatcher.
        MessageSender consumerIsFaster = message -> {
            assertThat(this.consumed.markConsumed(message.type(), message.key())).isEqualTo(ConsumeResult.CONSUMED);
            return CompletableFuture.completedFuture("late-ack");
        };

        assertThat(dispatcher(consumerIsFaster, strategy).dispatchOnce()).isOne();

        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.CONSUMED);
        assertThat(row.brokerMessageId()).as("the late SENT was dropped").isNull();
    }

    @Test
    void handedOffMessageConsumedBeforeItsOutcomeKeepsConsumed() {
        // A handed-off message is sent without a claim; its outcome is guarded by the insert's lock version 0.
        long id = save("order-1", null);
        assertThat(this.consumed.markConsumed(TYPE, "order-1")).isEqualTo(ConsumeResult.CONSUMED);

        int written = this.fixture.repository().complete(List.of(new DeliveryOutcome.Sent(id, 0, START, "late-ack"),
                new DeliveryOutcome.Failed(id, 0, START, MessageState.PENDING, 1, START, "late failure")), START);

        assertThat(written).isZero();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.CONSUMED);
    }

    @Test
    void failedMessageBecomesConsumedAndIsNoLongerRetried() {
        long id = save("order-1", null);
        this.sender.failKey("order-1");
        Dispatcher dispatcher = dispatcher(this.sender, ClaimStrategy.SKIP_LOCKED);
        dispatcher.dispatchOnce();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.FAILED);

        assertThat(this.consumed.markConsumed(TYPE, "order-1")).isEqualTo(ConsumeResult.CONSUMED);
        assertThat(this.fixture.row(id).nextRetryAt()).as("when it was consumed, no longer its slow retry")
                .isEqualTo(START);

        this.sender.heal();
        this.clock.advance(FAILED_RETRY_INTERVAL);
        assertThat(dispatcher.dispatchOnce()).as("the slow retry leaves it alone").isZero();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.CONSUMED);
    }

    @Test
    void consumedMessageNoLongerHoldsBackLaterMessagesOfItsOrderingKey() {
        save("first", "customer-7");
        save("second", "customer-7");

        assertThat(this.consumed.markConsumed(TYPE, "first")).isEqualTo(ConsumeResult.CONSUMED);

        dispatcher(this.sender, ClaimStrategy.SKIP_LOCKED).dispatchOnce();
        assertThat(this.sender.sentKeys()).containsExactly("second");
    }

    @Test
    void suspendedMessageIsRefusedAndStaysSuspended() {
        long id = save("order-1", null);
        this.fixture.jdbc.update("UPDATE " + OutboxFixture.TABLE + " SET state = 'SUSPENDED' WHERE id = ?", id);

        ConsumeResult result = this.consumed.markConsumed(TYPE, "order-1");

        assertThat(result).isEqualTo(ConsumeResult.SUSPENDED);
        assertThat(result.isConsumed()).isFalse();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.SUSPENDED);
    }

    @Test
    void unknownKeyOrTypeIsReportedAsNotFound() {
        long id = save("order-1", null);

        assertThat(this.consumed.markConsumed("order.paid", "order-1")).isEqualTo(ConsumeResult.NOT_FOUND);
        assertThat(this.consumed.markConsumed(TYPE, "order-2")).isEqualTo(ConsumeResult.NOT_FOUND);
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.PENDING);
    }

    @Test
    void markInARolledBackTransactionIsRolledBackWithIt() {
        long id = save("order-1", null);

        this.fixture.transaction.executeWithoutResult(status -> {
            assertThat(this.consumed.markConsumed(TYPE, "order-1")).isEqualTo(ConsumeResult.CONSUMED);
            status.setRollbackOnly();
        });

        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.PENDING);
    }

    @Test
    void blankTypeOrKeyIsRejectedBeforeAnySql() {
        assertThatThrownBy(() -> this.consumed.markConsumed(" ", "order-1")).isInstanceOfSatisfying(
                InvalidMessageException.class, ex -> assertThat(ex.field()).isEqualTo("type"));
        assertThatThrownBy(() -> this.consumed.markConsumed(TYPE, "")).isInstanceOfSatisfying(
                InvalidMessageException.class, ex -> assertThat(ex.field()).isEqualTo("key"));
    }
}
