/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Instant;

/**
 * A tracking step as the shipping side applied it: one element of {@code GET /orders/{id}/tracking}.
 *
 * @param sequence the step's number among the order's tracking messages, from 1
 * @param step the step
 * @param appliedAt when the shipping side applied it
 */
public record AppliedStep(long sequence, TrackingStep step, Instant appliedAt) {
}
