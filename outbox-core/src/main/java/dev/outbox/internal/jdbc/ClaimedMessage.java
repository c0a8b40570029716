/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;
import java.util.Map;

import dev.outbox.message.MessageState;
import dev.outbox.spi.OutgoingMessage;
import org.jspecify.annotations.Nullable;

/**
 * A row this instance holds the lease on, ready to send. Its outcome is written only if
 * {@code lockVersion} is still the row's version, so a row re-claimed by another instance after
 * the lease ran out is never overwritten by a late result.
 *
 * @param id the row id
 * @param lockVersion the version this instance's claim (or insert) left on the row
 * @param key the business key
 * @param type the message type
 * @param topic the destination
 * @param orderingKey the ordering key, or null
 * @param headers the headers
 * @param body the payload
 * @param retryCount attempts that failed before this one
 * @param state PENDING, or FAILED for a slow retry
 * @param createdAt when the message was saved, from which its delivery latency is measured
 */
public record ClaimedMessage(
        long id,
        long lockVersion,
        String key,
        String type,
        String topic,
        @Nullable String orderingKey,
        Map<String, String> headers,
        String body,
        int retryCount,
        MessageState state,
        Instant createdAt) {

    /**
     * @param version the row's lock version now
     * @return this message at that version
     */
    ClaimedMessage withLockVersion(long version) {
        return new ClaimedMessage(this.id, version, this.key, this.type, this.topic, this.orderingKey, this.headers,
                this.body, this.retryCount, this.state, this.createdAt);
    }

    /**
     * @return the message as a sender sees it
     */
    public OutgoingMessage toOutgoing() {
        return new OutgoingMessage(this.id, this.key, this.type, this.topic, this.orderingKey, this.headers,
                this.body, this.retryCount + 1);
    }
}
