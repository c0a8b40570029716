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

import dev.outbox.internal.jdbc.CallerTransaction;
import dev.outbox.internal.jdbc.InboxRepository;
import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.observation.ConsumeObservationContext;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.store.OutboxStore;
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

    /**
     * The result of {@link #consumeInOrder} for the marker of a skipped number (the header
     * {@value OutboxHeaders#SKIPPED}): the number was passed, and the logic did not run.
     */
    public static final String SKIPPED_RESULT = "skipped";

    private static final String OPERATION = "inbox.consume(...)";

    private static final String IN_ORDER_OPERATION = "inbox.consumeInOrder(...)";

    private final InboxRepository repository;

    private final Clock clock;

    private final int cleanupBatchSize;

    private final OutboxObservations observations;

    private final InOrderSteps inOrderSteps;

    private Inbox(Builder builder) {
        if (builder.cleanupBatchSize < 1 || builder.cleanupBatchSize > MAX_CLEANUP_BATCH_SIZE) {
            throw new IllegalArgumentException("inbox cleanup-batch-size must be between 1 and "
                    + MAX_CLEANUP_BATCH_SIZE + ", was " + builder.cleanupBatchSize);
        }
        this.repository = builder.repository;
        this.clock = builder.clock;
        this.cleanupBatchSize = builder.cleanupBatchSize;
        this.observations = builder.observations;
        this.inOrderSteps = new InOrderSteps(builder.repository, builder.clock);
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
     * Consumes a sequenced message in order, its ordering key and number read from the delivery's headers
     * ({@value OutboxHeaders#ORDERING_KEY} and {@value OutboxHeaders#SEQUENCE}, which the outbox's senders put on
     * a message saved with {@code MessageBuilder.sequenced()}); see
     * {@link #consumeInOrder(String, String, long, String, Map, Runnable)}.
     *
     * @param consumerGroup who consumes; at most 128 characters
     * @param messageType the message's type, for the observation, or null; at most 64 characters
     * @param headers the delivery's headers, as text
     * @param businessLogic runs in the current transaction when the message is the key's next
     * @return whether the message was a duplicate; the result is {@value #SKIPPED_RESULT} for the marker of a skipped
     * number, else null
     * @throws OutOfOrderException when an earlier message of the key has not been consumed yet
     * @throws IllegalArgumentException when a header is missing or not valid, or an argument is too long;
     * checked before any SQL runs
     * @throws IllegalTransactionStateException when no writable transaction on the inbox's data source
     * is active
     */
    public Consumption consumeInOrder(String consumerGroup, @Nullable String messageType, Map<String, String> headers,
            Runnable businessLogic) {
        String orderingKey = DeliveryValidator.header(headers, OutboxHeaders.ORDERING_KEY);
        long sequence = DeliveryValidator.sequence(DeliveryValidator.header(headers, OutboxHeaders.SEQUENCE));
        return consumeInOrder(consumerGroup, orderingKey, sequence, messageType, headers, businessLogic);
    }

    /**
     * Runs the business logic if the message is the next of its ordering key for the consumer group, in the
     * current transaction: for the steps of one key (freeze an account, revoke its permissions, archive it) that
     * must each run once, in the order they were saved, none skipped. The group's position in the key, the last
     * number it consumed, is locked until the transaction ends, so the group's deliveries of one key run one at a
     * time, in whichever instance they arrive.
     * <ul>
     * <li>A number at or below the position is a duplicate: the logic does not run.</li>
     * <li>The next number runs the logic, and the position moves on to it (unless the logic throws).</li>
     * <li>A later number is held: the logic does not run, and {@link OutOfOrderException} is thrown, to roll the
     * transaction back so that the broker delivers the message again after the earlier ones.</li>
     * <li>The marker of a skipped number (an operator's {@code OutboxAdmin.skip} of a sequenced message, whose
     * headers have {@value OutboxHeaders#SKIPPED}) is consumed like the next number, but runs no logic: the position
     * moves on, the number is recorded as skipped in the inbox table, and the result is {@value #SKIPPED_RESULT}.</li>
     * <li>The skipped message itself, resumed by the operator later, runs the logic once, late, out of order; its
     * later deliveries are duplicates. If the inbox's cleanup deleted the skipped number's record first (it is a key
     * of the inbox table, {@link #deleteConsumedBefore}), the message is a duplicate.</li>
     * </ul>
     * A group's position starts at 0 for every key, so the group must receive each key's messages from its first.
     * Positions are never deleted by {@link #deleteConsumedBefore}: without its position, a group would hold every
     * later message of the key.
     *
     * @param consumerGroup who consumes: each group consumes every key's messages once, in order; at most 128
     * characters
     * @param orderingKey the message's ordering key; at most 128 characters
     * @param sequence the message's number within its key, from 1 ({@value OutboxHeaders#SEQUENCE})
     * @param messageType the message's type, for the observation, or null; at most 64 characters
     * @param headers the delivery's headers, as text, whose trace the observation continues and which tell a
     * marker ({@value OutboxHeaders#SKIPPED}); empty to continue the current trace, if any
     * @param businessLogic runs in the current transaction when the message is the key's next (or its skipped
     * message, resumed)
     * @return whether the message was a duplicate; the result is {@value #SKIPPED_RESULT} for a marker that passed the
     * number, else null, as in-order consumption records none
     * @throws OutOfOrderException when an earlier message of the key has not been consumed yet
     * @throws IllegalArgumentException when an argument is missing or too long, or the number is below 1; checked
     * before any SQL runs
     * @throws IllegalTransactionStateException when no writable transaction on the inbox's data source
     * is active
     */
    public Consumption consumeInOrder(String consumerGroup, String orderingKey, long sequence,
            @Nullable String messageType, Map<String, String> headers, Runnable businessLogic) {
        String group = DeliveryValidator.required("consumerGroup", consumerGroup,
                DeliveryValidator.MAX_CONSUMER_GROUP_LENGTH);
        String key = DeliveryValidator.required("orderingKey", orderingKey, DeliveryValidator.MAX_ORDERING_KEY_LENGTH);
        long number = DeliveryValidator.sequence(sequence);
        String type = DeliveryValidator.optional("messageType", messageType, DeliveryValidator.MAX_MESSAGE_TYPE_LENGTH);
        Observation observation = this.observations.inbox(group, type, headers);
        return observation.observe(() -> {
            CallerTransaction.require(this.repository.store(), IN_ORDER_OPERATION, "the consumed position");
            Consumption consumption = this.inOrderSteps.consume(group, key, number, type,
                    headers.containsKey(OutboxHeaders.SKIPPED), businessLogic);
            if (observation.getContext() instanceof ConsumeObservationContext context) {
                context.outcome(consumption.duplicate() ? ConsumeObservationContext.Outcome.DUPLICATE
                        : ConsumeObservationContext.Outcome.CONSUMED);
            }
            return consumption;
        });
    }

    /**
     * Deletes the keys consumed before a time, in short transactions of at most the cleanup batch
     * size each. Run it outside any transaction, for example daily with a cutoff a few days back:
     * a message redelivered after its key was deleted would be consumed again. The positions of
     * {@link #consumeInOrder} stay: one row per group and ordering key.
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
