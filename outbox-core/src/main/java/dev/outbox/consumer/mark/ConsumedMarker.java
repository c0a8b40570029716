/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.mark;

import java.time.Clock;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

import dev.outbox.internal.MessageValidator;
import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.message.MessageState;
import dev.outbox.store.OutboxStore;

/**
 * Records that a consumer sharing the outbox's database processed a message: the message becomes
 * CONSUMED and is never sent again.
 *
 * <pre>{@code
 * @Transactional
 * public void onOrderCreated(String type, String key, Order order) {
 *     shipments.prepare(order);
 *     consumed.markConsumed(type, key);     // commits or rolls back with the shipment
 * }
 * }</pre>
 */
public final class ConsumedMarker {

    /**
     * The states a consumer's confirmation ends. PENDING and FAILED are there because a row's state is
     * written only after the broker answers: a consumer sharing the database can process a message
     * before the dispatcher records it SENT, also during the slow retry of a FAILED one, or after a
     * send that timed out on our side reached the broker all the same.
     */
    private static final Set<MessageState> CONSUMABLE = EnumSet.of(MessageState.PENDING, MessageState.SENT,
            MessageState.FAILED);

    private final OutboxRepository repository;

    private final Clock clock;

    private ConsumedMarker(Builder builder) {
        this.repository = builder.repository;
        this.clock = builder.clock;
    }

    /**
     * @param store the outbox whose messages are marked
     * @return a builder of a marker
     */
    public static Builder builder(OutboxStore store) {
        return new Builder(store);
    }

    /**
     * Marks the message of this type and key CONSUMED.
     *
     * <p>A SENT message becomes CONSUMED. So does a PENDING or FAILED one: the dispatcher writes SENT
     * only after the broker confirmed, so a consumer may process a message before that, and a FAILED
     * message may have reached the broker on an attempt that failed on our side (a send timeout) or be
     * in its slow retry. The update moves the row's lock version on, as every state change does; the
     * dispatcher writes an outcome only where the lock version is still the one its claim set, so the
     * SENT of a send still in flight is dropped and the row stays CONSUMED (its broker message id is
     * then not recorded). A CONSUMED message no longer holds back later messages of its ordering key.
     * A SUSPENDED message is refused: an operator parked it, and only an operator releases it.
     *
     * <p>Runs in the caller's transaction if one is active on the outbox's data source, so the mark
     * commits or rolls back with the consumer's own work; otherwise on its own. The change of state
     * is one guarded update, safe against a dispatcher working on the same row at the same time.
     *
     * @param type the message type, as saved
     * @param key the message key, as saved
     * @return CONSUMED, ALREADY_CONSUMED if it was before, SUSPENDED if refused, or NOT_FOUND
     * @throws dev.outbox.message.InvalidMessageException when the type or key is blank or longer than its column
     */
    public ConsumeResult markConsumed(String type, String key) {
        MessageValidator.requireText("type", type, MessageValidator.MAX_TYPE_LENGTH);
        MessageValidator.requireText("key", key, MessageValidator.MAX_KEY_LENGTH);
        // Loops only if the state changed between the update and the read (an operator resumed it).
        while (!this.repository.markConsumed(type, key, CONSUMABLE, this.clock.instant())) {
            Optional<MessageState> state = this.repository.findState(type, key);
            if (state.isEmpty()) {
                return ConsumeResult.NOT_FOUND;
            }
            if (state.get() == MessageState.CONSUMED) {
                return ConsumeResult.ALREADY_CONSUMED;
            }
            if (state.get() == MessageState.SUSPENDED) {
                return ConsumeResult.SUSPENDED;
            }
        }
        return ConsumeResult.CONSUMED;
    }

    /**
     * Builds a {@link ConsumedMarker}.
     */
    public static final class Builder {

        private final OutboxRepository repository;

        private Clock clock = Clock.systemUTC();

        private Builder(OutboxStore store) {
            this.repository = new OutboxRepository(JdbcStore.of(store));
        }

        /**
         * @param clock the source of the modification time written with the mark
         * @return this builder
         */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /**
         * @return the marker
         */
        public ConsumedMarker build() {
            return new ConsumedMarker(this);
        }
    }
}
