/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import dev.outbox.internal.MessageValidator;
import dev.outbox.internal.jdbc.CallerTransaction;
import dev.outbox.internal.jdbc.HeadersCodec;
import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.internal.jdbc.KeySequences;
import dev.outbox.internal.jdbc.NewMessage;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.message.InvalidMessageException;
import dev.outbox.message.SaveResult;
import dev.outbox.message.StoredMessage;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.observation.SaveObservationContext;
import dev.outbox.settings.Setting;
import dev.outbox.settings.SettingSource;
import dev.outbox.spi.PayloadSerializer;
import dev.outbox.store.OutboxStore;
import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Saves messages to the outbox inside the caller's transaction: they commit or roll back with the
 * business data, and after the commit they are handed to the local dispatcher at once.
 *
 * <pre>{@code
 * @Transactional
 * public Order place(Order order) {
 *     orders.save(order);
 *     outbox.message("order.created").key(order.id()).topic("orders").payload(order).save();
 *     return order;
 * }
 * }</pre>
 *
 * <p>{@link #save(String, String, String, Object)} is the shorthand for a message with nothing but
 * these four fields.
 *
 * <p>Saving the same key and type twice is a no-op that returns the first message's id. A save
 * outside a transaction, or with an invalid field, fails before anything is written.
 */
public final class OutboxTemplate {

    /** The largest serialized payload a save accepts, in UTF-8 bytes: 1 MiB by default, at most 16 MiB - 1. */
    public static final Setting<Integer> MAX_PAYLOAD_SIZE = Setting.byteSize("", "max-payload-size", 1024 * 1024,
            MessageValidator::payloadLimitProblem, "Largest serialized payload that a save accepts, counted in "
                    + "UTF-8 bytes; at most 16MB - 1B.");

    /** Every setting of the template. */
    public static final List<Setting<?>> SETTINGS = List.of(MAX_PAYLOAD_SIZE);

    private final OutboxRepository repository;

    private final KeySequences sequences;

    private final PayloadSerializer serializer;

    private final Clock clock;

    private final @Nullable MessageHandoff handoff;

    private final OutboxMetrics metrics;

    private final MessageValidator validator;

    private final OutboxObservations observations;

    private OutboxTemplate(Builder builder) {
        this.repository = builder.repository;
        this.sequences = new KeySequences(builder.repository.store());
        this.serializer = builder.serializer;
        this.clock = builder.clock;
        this.handoff = builder.handoff;
        this.metrics = builder.metrics;
        this.validator = new MessageValidator(builder.maxPayloadBytes);
        this.observations = builder.observations;
    }

    /**
     * @param store where to save the messages
     * @return a builder of a template
     */
    public static Builder builder(OutboxStore store) {
        return new Builder(store);
    }

    /**
     * Saves a message to be sent as soon as the current transaction commits: the shorthand of
     * {@code message(type).key(key).topic(topic).payload(payload).save()}.
     *
     * @param type the message type (routes it to a sender); at most 64 characters
     * @param key the business idempotency key; at most 128 characters
     * @param topic the destination on the broker; at most 255 characters
     * @param payload a String, stored as it is, or an object for the {@link PayloadSerializer}
     * @return the message's id, and whether it was a duplicate of one saved before
     * @throws InvalidMessageException when a field is missing, too long or not serializable
     * @throws IllegalTransactionStateException when no transaction on the outbox's data source is active
     */
    public SaveResult save(String type, String key, String topic, Object payload) {
        return message(type).key(key).topic(topic).payload(payload).save();
    }

    /**
     * Starts a message, to be given its key, topic and payload, and optionally an ordering key,
     * headers or a delay, then saved.
     *
     * @param type the message type
     * @return a builder whose {@link MessageBuilder#save()} saves the message
     */
    public MessageBuilder message(String type) {
        return new MessageBuilder(this, type);
    }

    /**
     * @param id a message id, as returned by a save
     * @return the stored message, if it exists
     */
    public Optional<StoredMessage> find(long id) {
        return this.repository.findById(id);
    }

    SaveResult save(MessageBuilder message) {
        String type = MessageValidator.requireText("type", message.type(), MessageValidator.MAX_TYPE_LENGTH);
        String topic = MessageValidator.requireText("topic", message.topic(), MessageValidator.MAX_TOPIC_LENGTH);
        // Started before the row is built, so that a tracing handler's headers are saved with it.
        Observation observation = this.observations.save(type, topic, message.headers());
        return observation.observe(() -> {
            SaveResult result = insert(message, type, topic);
            if (observation.getContext() instanceof SaveObservationContext context) {
                context.outcome(result.duplicate() ? SaveObservationContext.Outcome.DUPLICATE
                        : SaveObservationContext.Outcome.SAVED);
            }
            return result;
        });
    }

    private SaveResult insert(MessageBuilder message, String type, String topic) {
        Instant now = this.clock.instant();
        Instant deliverAt = message.dueAt(now);
        // The dispatcher hears of a commit through a synchronization, which a transaction manager may not offer.
        MessageHandoff notified = TransactionSynchronizationManager.isSynchronizationActive() ? this.handoff : null;
        // Due messages are leased to this instance at insert and sent after commit; one with an ordering key
        // only if the dispatcher then finds nothing earlier of its key unsent.
        boolean handOff = notified != null && notified.accepting(topic) && !deliverAt.isAfter(now);
        NewMessage row = validate(message, type, topic, now, handOff ? now.plus(notified.lease()) : deliverAt);
        CallerTransaction.require(this.repository.store(), "outbox.save(...)", "the message");
        Map<String, String> headers = message.headers();
        long sequence = 0;
        if (message.isSequenced()) {
            sequence = this.sequences.next(Objects.requireNonNull(row.orderingKey()));
            headers = MessageValidator.withSequence(headers, sequence);
            row = row.withHeadersJson(HeadersCodec.encode(headers));
        }
        SaveResult result = numbered(this.repository.insertUnlessExists(row), row, sequence);
        if (!result.duplicate()) {
            this.metrics.saved(row.type());
            if (notified != null) {
                HandoffSynchronization synchronization = HandoffSynchronization.forCurrentTransaction(notified);
                if (handOff) {
                    synchronization.handOff(result.id(), row, headers);
                }
                else {
                    synchronization.claimWhenDue(row.nextRetryAt());
                }
            }
        }
        return result;
    }

    /** A duplicate gives back the number it took, while its transaction still holds the key's counter. */
    private SaveResult numbered(SaveResult inserted, NewMessage row, long sequence) {
        if (sequence == 0) {
            return inserted;
        }
        if (inserted.duplicate()) {
            this.sequences.giveBack(Objects.requireNonNull(row.orderingKey()), sequence);
            return inserted;
        }
        return new SaveResult(inserted.id(), false, sequence);
    }

    private NewMessage validate(MessageBuilder message, String type, String topic, Instant now, Instant nextRetryAt) {
        String key = MessageValidator.requireText("key", message.key(), MessageValidator.MAX_KEY_LENGTH);
        String orderingKey = MessageValidator.optionalText("orderingKey", message.orderingKey(),
                MessageValidator.MAX_ORDERING_KEY_LENGTH);
        if (message.isSequenced() && orderingKey == null) {
            throw new InvalidMessageException("orderingKey", "is required for a sequenced message: its number counts "
                    + "the messages of its ordering key");
        }
        // A sequenced message is checked with the longest number it may take, and stored with the one it takes.
        String headers = this.validator.headers(message.headers(), message.isSequenced());
        String body = this.validator.body(serialize(message.payload()));
        return new NewMessage(key, type, topic, orderingKey, headers, body, now, nextRetryAt);
    }

    private String serialize(@Nullable Object payload) {
        if (payload == null) {
            throw new InvalidMessageException("payload", "is required");
        }
        if (payload instanceof String text) {
            return text;
        }
        String serialized;
        try {
            serialized = this.serializer.serialize(payload);
        }
        catch (RuntimeException ex) {
            throw new InvalidMessageException("payload", "of type " + payload.getClass().getName()
                    + " could not be serialized: " + ex.getMessage(), ex);
        }
        if (serialized == null) {
            throw new InvalidMessageException("payload", "was serialized to null");
        }
        return serialized;
    }

    /**
     * Builds a {@link OutboxTemplate}.
     */
    public static final class Builder {

        private final OutboxRepository repository;

        private PayloadSerializer serializer = PayloadSerializer.textOnly();

        private Clock clock = Clock.systemUTC();

        private @Nullable MessageHandoff handoff;

        private OutboxMetrics metrics = OutboxMetrics.NONE;

        private int maxPayloadBytes = MAX_PAYLOAD_SIZE.defaultValue();

        private OutboxObservations observations = OutboxObservations.NONE;

        private Builder(OutboxStore store) {
            this.repository = new OutboxRepository(JdbcStore.of(store));
        }

        /**
         * @param serializer turns non-String payloads into text
         * @return this builder
         */
        public Builder serializer(PayloadSerializer serializer) {
            this.serializer = serializer;
            return this;
        }

        /**
         * @param clock the source of every time written to the table
         * @return this builder
         */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /**
         * @param dispatcher the local dispatcher, handed the messages of each commit while it runs;
         * without one, messages wait for a dispatcher's poll
         * @return this builder
         */
        public Builder handoff(Dispatcher dispatcher) {
            return handoffTo(dispatcher.localHandoff());
        }

        /**
         * @param handoff what the template tells about each commit, in place of a dispatcher; for the
         * package's tests
         * @return this builder
         */
        Builder handoffTo(MessageHandoff handoff) {
            this.handoff = handoff;
            return this;
        }

        /**
         * @param metrics what to tell about saves
         * @return this builder
         */
        public Builder metrics(OutboxMetrics metrics) {
            this.metrics = metrics.forStore(this.repository.store().name());
            return this;
        }

        /**
         * @param observations where each save is observed, so that a tracing handler saves the current trace
         * context in the message's headers; {@link OutboxObservations#NONE} unless given
         * @return this builder
         */
        public Builder observations(OutboxObservations observations) {
            this.observations = observations;
            return this;
        }

        /**
         * @param maxPayloadBytes the largest serialized payload, in UTF-8 bytes (at most 16 MiB - 1)
         * @return this builder
         * @throws dev.outbox.settings.SettingException when the limit is out of range
         */
        public Builder maxPayloadBytes(int maxPayloadBytes) {
            MAX_PAYLOAD_SIZE.check(maxPayloadBytes);
            this.maxPayloadBytes = maxPayloadBytes;
            return this;
        }

        /**
         * @param source where the template's {@link OutboxTemplate#SETTINGS} are read from; those it does not have
         * are left as they are
         * @return this builder
         * @throws dev.outbox.settings.SettingException naming the setting that is out of range
         */
        public Builder settings(SettingSource source) {
            source.find(MAX_PAYLOAD_SIZE).ifPresent(this::maxPayloadBytes);
            return this;
        }

        /**
         * @return the template
         */
        public OutboxTemplate build() {
            return new OutboxTemplate(this);
        }
    }
}
