/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

/**
 * The answer to {@code POST /orders}.
 *
 * @param orderId the new order's id
 * @param outboxMessageId the id of its {@code order.created} message in the outbox
 */
public record PlacedOrder(String orderId, long outboxMessageId) {
}
