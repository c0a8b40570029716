/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.outbox.MessageState;

/**
 * When an outbox is unhealthy: FAILED messages exist (if they count), or the oldest due message has been due
 * longer than a limit (no dispatcher runs, the dispatchers do not keep up, or ordered messages wait behind a
 * FAILED or SUSPENDED one of their key).
 *
 * @param failedMessagesUnhealthy whether any FAILED message makes the outbox unhealthy
 * @param maxOldestDueAge how long the oldest due message may have been due; positive
 */
public record BacklogLimits(boolean failedMessagesUnhealthy, Duration maxOldestDueAge) {

    /** How long the oldest due message may have been due by default: 5 minutes. */
    public static final Duration DEFAULT_MAX_OLDEST_DUE_AGE = Duration.ofMinutes(5);

    /**
     * @param failedMessagesUnhealthy whether any FAILED message makes the outbox unhealthy
     * @param maxOldestDueAge how long the oldest due message may have been due; positive
     * @throws IllegalArgumentException when the age is not positive
     */
    public BacklogLimits {
        if (maxOldestDueAge.isNegative() || maxOldestDueAge.isZero()) {
            throw new IllegalArgumentException("The largest age of the oldest due message must be positive, was "
                    + maxOldestDueAge);
        }
    }

    /**
     * @return FAILED messages are unhealthy, and a due message may wait {@link #DEFAULT_MAX_OLDEST_DUE_AGE}
     */
    public static BacklogLimits defaults() {
        return new BacklogLimits(true, DEFAULT_MAX_OLDEST_DUE_AGE);
    }

    /**
     * @param backlog a snapshot that counted FAILED messages
     * @return the limits the snapshot exceeds, each in a sentence; empty when it is healthy
     */
    public List<String> problems(OutboxSnapshot backlog) {
        List<String> problems = new ArrayList<>(2);
        long failed = backlog.count(MessageState.FAILED);
        if (this.failedMessagesUnhealthy && failed > 0) {
            problems.add(failed + " message(s) FAILED: they wait for an operator to retry or skip them");
        }
        Duration oldestDueAge = backlog.oldestDueAge();
        if (oldestDueAge.compareTo(this.maxOldestDueAge) > 0) {
            problems.add("the oldest due message has been due for " + oldestDueAge + ", longer than "
                    + this.maxOldestDueAge + ": no dispatcher runs, the dispatchers do not keep up, or ordered"
                    + " messages wait behind a FAILED or SUSPENDED one");
        }
        return problems;
    }
}
