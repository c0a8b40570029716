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
 * @param customerId who orders; also the message's ordering key, so one customer's messages are sent in order
 * @param product what is ordered
 * @param quantity how many, 1 to 1000
 */
public record OrderRequest(
        @NotBlank @Size(max = 64) String customerId,
        @NotBlank @Size(max = 128) String product,
        @NotNull @Positive @Max(1000) Integer quantity) {
}
