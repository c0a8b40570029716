/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;

import dev.outbox.message.MessageState;
import org.jspecify.annotations.Nullable;

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
     * @param messageId what to record in place of a broker message id, {@code dead-letter:<id>} once the message
     * was dead-lettered; null keeps what the row has
     * @param forGood whether the failure was final (a rejection, a non-retryable error): the row is then FAILED,
     * and the slow retry leaves it alone
     */
    record Failed(long id, long lockVersion, Instant attemptedAt, MessageState state, int retryCount,
            Instant nextRetryAt, String failReason, @Nullable String messageId, boolean forGood)
            implements DeliveryOutcome {

        /**
         * Checks that a failure for good makes the row FAILED: left PENDING, it would be retried after all.
         *
         * @param id the row id
         * @param lockVersion the expected version
         * @param attemptedAt when the attempt started
         * @param state PENDING to retry, FAILED when the budget is spent
         * @param retryCount attempts that failed, this one included
         * @param nextRetryAt when the row is due next
         * @param failReason the error, bounded in length
         * @param messageId what to record in place of a broker message id; null keeps what the row has
         * @param forGood whether the failure was final
         * @throws IllegalArgumentException when a failure for good leaves the row PENDING
         */
        public Failed {
            if (forGood && state != MessageState.FAILED) {
                throw new IllegalArgumentException("a failure for good makes the row FAILED, not " + state);
            }
        }

        /**
         * A failure that records no message id and may be retried: by its schedule, or by the slow retry.
         *
         * @param id the row id
         * @param lockVersion the expected version
         * @param attemptedAt when the attempt started
         * @param state PENDING to retry, FAILED when the budget is spent
         * @param retryCount attempts that failed, this one included
         * @param nextRetryAt when the row is due next
         * @param failReason the error, bounded in length
         */
        public Failed(long id, long lockVersion, Instant attemptedAt, MessageState state, int retryCount,
                Instant nextRetryAt, String failReason) {
            this(id, lockVersion, attemptedAt, state, retryCount, nextRetryAt, failReason, null, false);
        }

        /**
         * @param messageId what the row records in place of a broker message id
         * @return this failure recording it
         */
        public Failed recording(String messageId) {
            return new Failed(this.id, this.lockVersion, this.attemptedAt, this.state, this.retryCount,
                    this.nextRetryAt, this.failReason, messageId, this.forGood);
        }

        /**
         * @param failReason the reason to write instead
         * @return this failure with that reason
         */
        public Failed because(String failReason) {
            return new Failed(this.id, this.lockVersion, this.attemptedAt, this.state, this.retryCount,
                    this.nextRetryAt, failReason, this.messageId, this.forGood);
        }
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
