/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * A validated message about to be inserted.
 *
 * @param key the business idempotency key
 * @param type the message type
 * @param topic the destination
 * @param orderingKey the ordering key, or null
 * @param headersJson the encoded headers, or null for none
 * @param body the serialized payload
 * @param createdAt when it was saved
 * @param nextRetryAt when it becomes due for any dispatcher
 */
public record NewMessage(
        String key,
        String type,
        String topic,
        @Nullable String orderingKey,
        @Nullable String headersJson,
        String body,
        Instant createdAt,
        Instant nextRetryAt) {

    /**
     * @param headers the encoded headers to store instead, or null for none
     * @return this message with those headers
     */
    public NewMessage withHeadersJson(@Nullable String headers) {
        return new NewMessage(this.key, this.type, this.topic, this.orderingKey, headers, this.body, this.createdAt,
                this.nextRetryAt);
    }
}
