/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

/**
 * The payload of an {@code order.tracking} message.
 *
 * @param orderId the order
 * @param step the step it reached
 */
public record TrackingUpdate(String orderId, TrackingStep step) {
}
