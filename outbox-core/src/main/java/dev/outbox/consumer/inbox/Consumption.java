/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.inbox;

import org.jspecify.annotations.Nullable;

/**
 * What {@link Inbox#consume} did with a delivery.
 *
 * @param duplicate whether the consumer group had consumed the key before, so the business logic did
 * not run this time
 * @param result what the business logic returned when it consumed the key: on this run, or for a
 * duplicate on the first; null when it returned null
 */
public record Consumption(boolean duplicate, @Nullable String result) {
}
