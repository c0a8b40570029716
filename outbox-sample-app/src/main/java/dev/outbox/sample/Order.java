/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Instant;

/**
 * An order, as stored in the {@code orders} table and as sent in the {@code order.created} message.
 *
 * @param id the order id (a UUID)
 * @param customerId who ordered
 * @param product what was ordered
 * @param quantity how many
 * @param createdAt when the order was placed
 */
public record Order(String id, String customerId, String product, int quantity, Instant createdAt) {
}
