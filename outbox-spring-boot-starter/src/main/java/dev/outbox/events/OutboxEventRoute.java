/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.events;

import org.jspecify.annotations.Nullable;

/**
 * The message that an {@link OutboxEventRouter} makes of an event: its fields are those of
 * {@link dev.outbox.MessageBuilder}, checked when it is saved.
 *
 * <pre>{@code
 * OutboxEventRoute.of("payment.received", event.paymentId(), "payments", event).orderedBy(event.accountId())
 * }</pre>
 *
 * @param type the message type; at most 64 characters
 * @param key the business idempotency key; at most 128 characters
 * @param topic the destination on the broker; at most 255 characters
 * @param orderingKey the key whose messages are delivered in the order they were saved, or null for none;
 * at most 128 characters
 * @param payload the body: a String, saved as it is, or an object for the outbox's
 * {@link dev.outbox.spi.PayloadSerializer}
 */
public record OutboxEventRoute(String type, String key, String topic, @Nullable String orderingKey, Object payload) {

    /**
     * @param type the message type
     * @param key the business idempotency key
     * @param topic the destination on the broker
     * @param payload the body
     * @return a route without an ordering key
     */
    public static OutboxEventRoute of(String type, String key, String topic, Object payload) {
        return new OutboxEventRoute(type, key, topic, null, payload);
    }

    /**
     * @param orderingKey the key whose messages are delivered in the order they were saved
     * @return this route with the ordering key
     */
    public OutboxEventRoute orderedBy(String orderingKey) {
        return new OutboxEventRoute(this.type, this.key, this.topic, orderingKey, this.payload);
    }
}
