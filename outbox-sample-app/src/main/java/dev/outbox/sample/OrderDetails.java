/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Instant;

import dev.outbox.message.StoredMessage;
import org.jspecify.annotations.Nullable;

/**
 * The answer to {@code GET /orders/{id}}: the order and where its message is on the way to the broker.
 *
 * @param id the order id
 * @param customerId who ordered
 * @param product what was ordered
 * @param quantity how many
 * @param createdAt when the order was placed
 * @param outbox the state of the order's {@code order.created} message
 */
public record OrderDetails(String id, String customerId, String product, int quantity, Instant createdAt,
        OutboxStatus outbox) {

    static OrderDetails of(Order order, OutboxStatus outbox) {
        return new OrderDetails(order.id(), order.customerId(), order.product(), order.quantity(), order.createdAt(),
                outbox);
    }

    /**
     * The delivery state of one outbox message.
     *
     * @param messageId the outbox message id
     * @param state a {@link dev.outbox.message.MessageState} (PENDING, SENT, FAILED, CONSUMED, SUSPENDED), or {@value #REMOVED}
     * when the row is gone: the outbox's cleanup deletes delivered messages after their retention period
     * @param brokerMessageId the id the broker returned, once sent
     * @param retryCount attempts that failed so far
     * @param failReason the last error, if any
     */
    public record OutboxStatus(long messageId, String state, @Nullable String brokerMessageId, int retryCount,
            @Nullable String failReason) {

        /** The state shown for a message that is no longer in the outbox table. */
        public static final String REMOVED = "REMOVED";

        static OutboxStatus of(StoredMessage message) {
            return new OutboxStatus(message.id(), message.state().name(), message.brokerMessageId(),
                    message.retryCount(), message.failReason());
        }

        static OutboxStatus removed(long messageId) {
            return new OutboxStatus(messageId, REMOVED, null, 0, null);
        }
    }
}
