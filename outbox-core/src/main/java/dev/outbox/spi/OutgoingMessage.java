/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.spi;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * An outbox message as a {@link MessageSender} sends it and a {@link MessageHandler} handles it.
 *
 * @param id the outbox row id; stable across retries, so a consumer may use it to drop duplicates
 * @param key the business idempotency key
 * @param type the message type
 * @param topic the destination on the broker (or the queue a pull consumer receives from)
 * @param orderingKey messages with the same ordering key are sent one at a time in id order; null for none
 * @param headers the message headers (never null, possibly empty)
 * @param body the serialized payload
 * @param attempt 1 for the first attempt, 2 for the first retry, ...
 */
public record OutgoingMessage(
        long id,
        String key,
        String type,
        String topic,
        @Nullable String orderingKey,
        Map<String, String> headers,
        String body,
        int attempt) {

    /**
     * Copies the headers so that the message is immutable.
     *
     * @param id the outbox row id; stable across retries, so a consumer may use it to drop duplicates
     * @param key the business idempotency key
     * @param type the message type
     * @param topic the destination on the broker (or the queue a pull consumer receives from)
     * @param orderingKey messages with the same ordering key are sent one at a time in id order; null for none
     * @param headers the message headers (never null, possibly empty)
     * @param body the serialized payload
     * @param attempt 1 for the first attempt, 2 for the first retry, ...
     */
    public OutgoingMessage {
        headers = Map.copyOf(headers);
    }
}
