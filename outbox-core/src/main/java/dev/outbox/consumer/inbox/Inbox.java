/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.inbox;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Supplier;

import dev.outbox.OutboxStore;
import dev.outbox.internal.jdbc.CallerTransaction;
import dev.outbox.internal.jdbc.InboxRepository;
import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.observation.ConsumeObservationContext;
import dev.outbox.observation.OutboxObservations;
import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;
import org.springframework.transaction.IllegalTransactionStateException;

/**
 * The idempotent consumer: runs a consumer's business logic at most once per idempotency key and
 * consumer group, in the consumer's own transaction.
 *
 * <pre>{@code
 * @Transactional
 * public void onPaymentReceived(PaymentReceived event) {
 *     inbox.consume("billing", event.paymentId(), "payment.received", () -> {
 *         invoices.markPaid(event.invoiceId());
 *         return null;
 *     });
 * }
 * }</pre>
 *
 * <p>The key is recorded first, with an insert that waits while another transaction holds the same
 * key uncommitted: of two deliveries of one message, at once or one after the other, in one
 * instance or several, only the first runs the logic; the others return what it recorded. If the
 * logic throws, the key is not recorded and the exception goes on to roll the transaction back, so a
 * redelivery runs the logic again.
 */
public final class Inbox {

    /** The default number of rows {@link #deleteConsumedBefore} deletes per transaction. */
    public static final int DEFAULT_CLEANUP_BATCH_SIZE = 500;

    /** The largest number of rows {@link #deleteConsumedBefore} may delete per transaction. */
    public static final int MAX_CLEANUP_BATCH_SIZE = 10_000;

    private static final String OPERATION = "inbox.consume(...)";

    private final InboxRepository repository;

    private final Clock clock;

    private final int cleanupBatchSize;

    private final OutboxObservations observations;

    private Inbox(Builder builder) {
        if (builder.cleanupBatchSize < 1 || builder.cleanupBatchSize > MAX_CLEANUP_BATCH_SIZE) {
            throw new IllegalArgumentException("inbox cleanup-batch-size must be between 1 and "
                    + MAX_CLEANUP_BATCH_SIZE + ", was " + builder.cleanupBatchSize);
        }
        this.repository = builder.repository;
        this.clock = builder.clock;
        this.cleanupBatchSize = builder.cleanupBatchSize;
        this.observations = builder.observations;
    }

    /**
     * @param store where the inbox table is
     * @return a builder of an inbox
     */
    public static Builder builder(OutboxStore store) {
        return new Builder(store);
    }

    /**
     * Consumes a delivery without recording a message type; see
     * {@link #consume(String, String, String, Supplier)}.
     *
     * @param consumerGroup who consumes; at most 128 characters
     * @param idempotencyKey what identifies the message on every delivery; at most 255 characters
     * @param businessLogic runs in the current transaction unless the key is a duplicate
     * @return whether the key was a duplicate, and the recorded result
     */
    public Consumption consume(String consumerGroup, String idempotencyKey, Supplier<@Nullable String> businessLogic) {
        return consume(consumerGroup, idempotencyKey, null, businessLogic);
    }

    /**
     * Runs the business logic unless the consumer group has consumed the key before, and records the
     * key with what the logic returned, all in the current transaction.
     *
     * @param consumerGroup who consumes: each group consumes every key once; at most 128 characters
     * @param idempotencyKey what identifies the message, the same on every delivery of it: a business
     * key or the {@code outbox-id} header, never a broker's delivery id; at most 255 characters
     * @param messageType the message's type, kept for operators, or null; at most 64 characters
     * @param businessLogic runs in the current transaction; what it returns (null, or text of at most
     * 65,535 UTF-8 bytes) is recorded and returned for every later duplicate
     * @return whether the key was a duplicate, and the recorded result
     * @throws IllegalArgumentException when an argument or the result is missing, too long or contains
     * a NUL character; arguments are checked before any SQL runs
     * @throws IllegalTransactionStateException when no writable transaction on the inbox's data source
     * is active
     */
    public Consumption consume(String consumerGroup, String idempotencyKey, @Nullable String messageType,
            Supplier<@Nullable String> businessLogic) {
        return consume(consumerGroup, idempotencyKey, messageType, Map.of(), businessLogic);
    }

    /**
     * Consumes a delivery as {@link #consume(String, String, String, Supplier)} does, in an observation that
     * continues the trace whose context the delivery's headers carry: the {@code traceparent} (or B3) headers
     * that the outbox's send put on the broker's message.
     *
     * @param consumerGroup who consumes: each group consumes every key once; at most 128 characters
     * @param idempotencyKey what identifies the message on every delivery of it; at most 255 characters
     * @param messageType the message's type, kept for operators, or null; at most 64 characters
     * @param headers the delivery's headers, as text; empty to continue the current trace, if any
     * @param businessLogic runs in the current transaction, in the observation's scope
     * @return whether the key was a duplicate, and the recorded result
     * @throws IllegalArgumentException when an argument or the result is missing, too long or contains
     * a NUL character; arguments are checked before any SQL runs
     * @throws IllegalTransactionStateException when no writable transaction on the inbox's data source
     * is active
     */
    public Consumption consume(String consumerGroup, String idempotencyKey, @Nullable String messageType,
            Map<String, String> headers, Supplier<@Nullable String> businessLogic) {
        String group = DeliveryValidator.required("consumerGroup", consumerGroup,
                DeliveryValidator.MAX_CONSUMER_GROUP_LENGTH);
        String key = DeliveryValidator.required("idempotencyKey", idempotencyKey,
                DeliveryValidator.MAX_IDEMPOTENCY_KEY_LENGTH);
        String type = DeliveryValidator.optional("messageType", messageType, DeliveryValidator.MAX_MESSAGE_TYPE_LENGTH);
        Observation observation = this.observations.inbox(group, type, headers);
        return observation.observe(() -> {
            Consumption consumption = consumeOnce(group, key, type, businessLogic);
            if (observation.getContext() instanceof ConsumeObservationContext context) {
                context.outcome(consumption.duplicate() ? ConsumeObservationContext.Outcome.DUPLICATE
                        : ConsumeObservationContext.Outcome.CONSUMED);
            }
            return consumption;
        });
    }

    private Consumption consumeOnce(String group, String key, @Nullable String type,
            Supplier<@Nullable String> businessLogic) {
        CallerTransaction.require(this.repository.store(), OPERATION, "the consumed key");
        OptionalLong recorded = this.repository.insertUnlessExists(group, key, type, this.clock.instant());
        if (recorded.isEmpty()) {
            return new Consumption(true, this.repository.recordedResult(group, key));
        }
        long id = recorded.getAsLong();
        String result = runOrForget(id, businessLogic);
        if (result != null) {
            this.repository.recordResult(id, result);
        }
        return new Consumption(false, result);
    }

    /**
     * Deletes the keys consumed before a time, in short transactions of at most the cleanup batch
     * size each. Run it outside any transaction, for example daily with a cutoff a few days back:
     * a message redelivered after its key was deleted would be consumed again.
     *
     * @param cutoff keys consumed before it are deleted
     * @return how many keys were deleted
     */
    public long deleteConsumedBefore(Instant cutoff) {
        return this.repository.deleteConsumedBefore(cutoff, this.cleanupBatchSize);
    }

    private @Nullable String runOrForget(long id, Supplier<@Nullable String> businessLogic) {
        try {
            String result = businessLogic.get();
            return (result != null) ? DeliveryValidator.result(result) : null;
        }
        catch (RuntimeException ex) {
            // The exception should roll the transaction back; if the caller commits anyway, the key must not stay.
            try {
                this.repository.forget(id);
            }
            catch (RuntimeException forgetFailed) {
                // PostgreSQL refuses every statement after a failed one; its rollback removes the key.
                ex.addSuppressed(forgetFailed);
            }
            throw ex;
        }
    }

    /**
     * Builds an {@link Inbox}.
     */
    public static final class Builder {

        private final InboxRepository repository;

        private Clock clock = Clock.systemUTC();

        private int cleanupBatchSize = DEFAULT_CLEANUP_BATCH_SIZE;

        private OutboxObservations observations = OutboxObservations.NONE;

        private Builder(OutboxStore store) {
            this.repository = new InboxRepository(JdbcStore.of(store));
        }

        /**
         * @param clock the source of the consumption times
         * @return this builder
         */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /**
         * @param observations where each consumption is observed, so that a tracing handler continues the
         * delivery's trace; {@link OutboxObservations#NONE} unless given
         * @return this builder
         */
        public Builder observations(OutboxObservations observations) {
            this.observations = observations;
            return this;
        }

        /**
         * @param cleanupBatchSize the most keys {@link Inbox#deleteConsumedBefore} deletes per
         * transaction, 1 to {@value Inbox#MAX_CLEANUP_BATCH_SIZE}
         * @return this builder
         */
        public Builder cleanupBatchSize(int cleanupBatchSize) {
            this.cleanupBatchSize = cleanupBatchSize;
            return this;
        }

        /**
         * @return the inbox
         * @throws IllegalArgumentException when the cleanup batch size is out of range
         */
        public Inbox build() {
            return new Inbox(this);
        }
    }
}
