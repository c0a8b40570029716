/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;

import dev.outbox.MessageState;

/**
 * The result of one send attempt, to be written back to the row it came from.
 */
public sealed interface DeliveryOutcome {

    /**
     * @return the row id
     */
    long id();

    /**
     * @return the version the row must still have for the outcome to be written
     */
    long lockVersion();

    /**
     * The broker confirmed the message.
     *
     * @param id the row id
     * @param lockVersion the expected version
     * @param attemptedAt when the attempt started
     * @param brokerMessageId the id the broker assigned
     */
    record Sent(long id, long lockVersion, Instant attemptedAt, String brokerMessageId) implements DeliveryOutcome {
    }

    /**
     * The attempt failed; the row is scheduled again or parked.
     *
     * @param id the row id
     * @param lockVersion the expected version
     * @param attemptedAt when the attempt started
     * @param state PENDING to retry, FAILED when the budget is spent
     * @param retryCount attempts that failed, this one included
     * @param nextRetryAt when the row is due next
     * @param failReason the error, bounded in length
     */
    record Failed(long id, long lockVersion, Instant attemptedAt, MessageState state, int retryCount,
            Instant nextRetryAt, String failReason) implements DeliveryOutcome {
    }

    /**
     * The message was not attempted: an earlier message of its ordering key in the same batch failed,
     * or the batch ran out of time before its turn. Its lease ends without a failure counted.
     *
     * @param id the row id
     * @param lockVersion the expected version
     * @param dueAt when the row is due again
     */
    record Released(long id, long lockVersion, Instant dueAt) implements DeliveryOutcome {
    }
}
