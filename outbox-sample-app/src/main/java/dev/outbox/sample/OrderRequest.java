/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /orders}.
 *
 * <p>The texts are {@link WellFormedText}: a control character, an invisible format character (U+202E, U+200B) or
 * a lone surrogate sent as a JSON escape answers 400 naming the field, before anything is written.
 *
 * @param customerId who orders; also the message's ordering key, so one customer's messages are sent in order
 * @param product what is ordered
 * @param quantity how many, 1 to 1000; a JSON integer ({@code 1.5} is refused, never rounded: see
 * {@code spring.jackson.deserialization.accept-float-as-int} in application.yml)
 */
public record OrderRequest(
        @NotBlank @Size(max = 64) @WellFormedText String customerId,
        @NotBlank @Size(max = 128) @WellFormedText String product,
        @NotNull @Positive @Max(1000) Integer quantity) {
}
