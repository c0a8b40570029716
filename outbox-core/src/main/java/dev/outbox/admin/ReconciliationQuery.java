/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Duration;
import java.time.Instant;

/**
 * Which SENT messages {@link OutboxAdmin#reconcile} checks on the broker, and for how long: those marked SENT in a
 * window, from a position in it, until a deadline.
 *
 * @param from the window's start (inclusive), compared with the time a message was marked SENT: for a next part,
 * the previous answer's {@link Reconciliation#nextFrom()}
 * @param afterId of the messages marked SENT exactly at {@code from}, only those with a greater id: 0 for the
 * window's first part, then the previous answer's {@link Reconciliation#nextAfterId()}
 * @param to the window's end (exclusive), at most {@link OutboxAdmin#MAX_RECONCILE_WINDOW} (a day) after
 * {@code from}
 * @param deadline how long the check may take: after it, the answer holds what was checked so far and says where
 * to go on; at most {@link #MAX_DEADLINE}
 */
public record ReconciliationQuery(Instant from, long afterId, Instant to, Duration deadline) {

    /** The deadline of a check that names none: a few seconds, the time an operator waits for an answer. */
    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(5);

    /** The longest deadline: a longer check is made in parts, each one continuing where the last one stopped. */
    public static final Duration MAX_DEADLINE = Duration.ofMinutes(1);

    /**
     * @param from the window's start (inclusive)
     * @param afterId of the messages marked SENT exactly at {@code from}, only those with a greater id: 0 at first
     * @param to the window's end (exclusive), at most a day after {@code from}
     * @param deadline how long the check may take, more than 0 and at most {@link #MAX_DEADLINE}
     * @throws IllegalArgumentException when {@code to} is not after {@code from}, the window is wider than a day,
     * the id negative or the deadline not positive or longer than {@link #MAX_DEADLINE}
     */
    public ReconciliationQuery {
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("The window's end (to=" + to + ") must be after its start (from="
                    + from + ")");
        }
        if (Duration.between(from, to).compareTo(OutboxAdmin.MAX_RECONCILE_WINDOW) > 0) {
            throw new IllegalArgumentException("A window is at most " + OutboxAdmin.MAX_RECONCILE_WINDOW + " wide, was "
                    + Duration.between(from, to) + "; reconcile a wider span one day at a time");
        }
        if (afterId < 0) {
            throw new IllegalArgumentException("afterId must be 0 (the window's first part) or a message id, was "
                    + afterId);
        }
        if (deadline.isNegative() || deadline.isZero() || deadline.compareTo(MAX_DEADLINE) > 0) {
            throw new IllegalArgumentException("deadline must be more than 0 and at most " + MAX_DEADLINE + ", was "
                    + deadline + "; check a longer window in parts, from where each answer stopped");
        }
    }

    /**
     * @param from the window's start (inclusive)
     * @param to the window's end (exclusive), at most a day after {@code from}
     * @return the window's first part, checked until the {@link #DEFAULT_DEADLINE}
     * @throws IllegalArgumentException when {@code to} is not after {@code from}, or the window is wider than a day
     */
    public static ReconciliationQuery of(Instant from, Instant to) {
        return new ReconciliationQuery(from, 0, to, DEFAULT_DEADLINE);
    }
}
