/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.pull;

import java.time.Instant;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.spi.OutgoingMessage;

/**
 * A message a {@link MessagePuller} leased to its caller until {@link #leaseUntil()}: acknowledge
 * it or reject it ({@link MessagePuller#ack}, {@link MessagePuller#nack}) before then. An unanswered message is received again, by this
 * or another consumer, once its lease ends.
 */
public final class ReceivedMessage {

    private final ClaimedMessage claimed;

    private final Instant receivedAt;

    private final Instant leaseUntil;

    ReceivedMessage(ClaimedMessage claimed, Instant receivedAt, Instant leaseUntil) {
        this.claimed = claimed;
        this.receivedAt = receivedAt;
        this.leaseUntil = leaseUntil;
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
