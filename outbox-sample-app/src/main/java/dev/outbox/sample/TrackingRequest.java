/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import jakarta.validation.constraints.NotNull;

/**
 * The body of {@code POST /orders/{id}/tracking}, for example {@code {"step": "PACKED"}}.
 *
 * @param step the step the order has reached; a name that is not a {@link TrackingStep} answers 400
 */
public record TrackingRequest(@NotNull TrackingStep step) {
}
