/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.message;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One message of a {@link dev.outbox.admin.MessagePage}: its row without the body and the headers.
 *
 * @param id the row id
 * @param messageKey the business idempotency key
 * @param messageType the message type
 * @param topic the destination on the broker
 * @param orderingKey the ordering key, if any
 * @param state the current state
 * @param retryCount attempts that failed so far
 * @param nextRetryAt when the row is next due (or the end of its current lease); for a SENT or CONSUMED row, when
 * it reached that state, from which the cleanup counts its age
 * @param lastAttemptAt when the last attempt started, if any
 * @param brokerMessageId the id the broker returned, once sent
 * @param lastError the first line of the fail reason (at most 200 characters), if any
 * @param createdAt when the message was saved
 * @param modifiedAt when the row last changed
 */
public record MessageSummary(
        long id,
        String messageKey,
        String messageType,
        String topic,
        @Nullable String orderingKey,
        MessageState state,
        int retryCount,
        Instant nextRetryAt,
        @Nullable Instant lastAttemptAt,
        @Nullable String brokerMessageId,
        @Nullable String lastError,
        Instant createdAt,
        Instant modifiedAt) {
}
