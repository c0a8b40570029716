/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.events;

import org.jspecify.annotations.Nullable;

/**
 * An application event that is saved to the outbox when it is published with
 * {@link org.springframework.context.ApplicationEventPublisher#publishEvent(Object)}, in the
 * publisher's transaction. The message's fields come from these methods; its payload is
 * {@link #outboxPayload()}, the event itself unless the event says otherwise, serialized by the
 * outbox's {@link dev.outbox.spi.PayloadSerializer} (the application's Jackson mapper in a Spring Boot
 * application).
 *
 * <pre>{@code
 * record OrderPlaced(String orderId, String customerId, BigDecimal total) implements OutboxEvent {
 *
 *     public String outboxType() { return "order.placed"; }
 *
 *     public String outboxKey() { return orderId; }
 *
 *     public String outboxTopic() { return "orders"; }
 *
 *     public String outboxOrderingKey() { return customerId; }
 * }
 * }</pre>
 *
 * <p>Publishing one outside a transaction fails as {@code outbox.save(...)} does, with an
 * {@link org.springframework.transaction.IllegalTransactionStateException}; a missing or too long field
 * fails with an {@link dev.outbox.message.InvalidMessageException} naming it. For classes the application cannot
 * change, see {@link OutboxEventRouter}.
 */
public interface OutboxEvent {

    /**
     * @return the message type, which selects the message's route; at most 64 characters
     */
    String outboxType();

    /**
     * @return the business idempotency key: an event with the key and type of a message saved before is
     * not saved again; at most 128 characters
     */
    String outboxKey();

    /**
     * @return the destination on the broker; at most 255 characters
     */
    String outboxTopic();

    /**
     * @return the key whose messages are delivered in the order they were saved, or null for none; at
     * most 128 characters
     */
    default @Nullable String outboxOrderingKey() {
        return null;
    }

    /**
     * @return what is saved as the message's body: this event, unless the event returns something else,
     * as an {@link org.springframework.context.ApplicationEvent} subclass would, whose source is not meant
     * to be serialized
     */
    default Object outboxPayload() {
        return this;
    }
}
