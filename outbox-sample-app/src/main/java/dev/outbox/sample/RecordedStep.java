/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

/**
 * The answer to {@code POST /orders/{id}/tracking}.
 *
 * @param orderId the order
 * @param step the step recorded
 * @param outboxMessageId the id of the step's {@code order.tracking} message
 * @param sequence the message's number among the order's tracking messages, from 1; 0 when the step had been
 * recorded before, which saves no second message ({@code duplicate})
 * @param duplicate whether the step had been recorded for the order before
 */
public record RecordedStep(String orderId, TrackingStep step, long outboxMessageId, long sequence,
        boolean duplicate) {
}
