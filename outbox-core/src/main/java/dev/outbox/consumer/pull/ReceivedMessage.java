/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.pull;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.observation.ConsumeObservationContext;
import dev.outbox.spi.OutgoingMessage;
import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;

/**
 * A message a {@link MessagePuller} leased to its caller until {@link #leaseUntil()}: acknowledge
 * it or reject it ({@link MessagePuller#ack}, {@link MessagePuller#nack}) before then. An unanswered message is received again, by this
 * or another consumer, once its lease ends.
 */
public final class ReceivedMessage {

    private final ClaimedMessage claimed;

    private final Instant receivedAt;

    private final Instant leaseUntil;

    private final Observation observation;

    private final AtomicBoolean answered = new AtomicBoolean();

    ReceivedMessage(ClaimedMessage claimed, Instant receivedAt, Instant leaseUntil, Observation observation) {
        this.claimed = claimed;
        this.receivedAt = receivedAt;
        this.leaseUntil = leaseUntil;
        this.observation = observation;
    }

    /**
     * The observation of this message's consumption, started at its receive and stopped by its answer. Run the
     * processing in its scope, {@code received.observation().scoped(() -> process(received.message()))}, so
     * that what it does joins the trace that saved the message.
     *
     * @return the observation; {@link Observation#NOOP} when the puller observes nothing
     */
    public Observation observation() {
        return this.observation;
    }

    /**
     * @return the message: id, key, type, topic, ordering key, headers, body and attempt number
     */
    public OutgoingMessage message() {
        return this.claimed.toOutgoing();
    }

    /**
     * @return the outbox row id, stable across redeliveries
     */
    public long id() {
        return this.claimed.id();
    }

    /**
     * @return when the message becomes receivable again unless it is answered
     */
    public Instant leaseUntil() {
        return this.leaseUntil;
    }

    void answered(ConsumeObservationContext.Outcome outcome, @Nullable Throwable error) {
        if (!this.answered.compareAndSet(false, true)) {
            return;
        }
        if (this.observation.getContext() instanceof ConsumeObservationContext context) {
            context.outcome(outcome);
        }
        if (error != null) {
            this.observation.error(error);
        }
        this.observation.stop();
    }

    ClaimedMessage claimed() {
        return this.claimed;
    }

    Instant receivedAt() {
        return this.receivedAt;
    }

    @Override
    public String toString() {
        return "ReceivedMessage[id=" + this.claimed.id() + ", type=" + this.claimed.type() + ", topic="
                + this.claimed.topic() + ", attempt=" + (this.claimed.retryCount() + 1) + ", leaseUntil="
                + this.leaseUntil + "]";
    }
}
