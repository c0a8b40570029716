/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

import dev.outbox.message.MessageState;
import org.jspecify.annotations.Nullable;

/**
 * The outbox at one moment: how many messages are in each state, how late the oldest due message is, and
 * how long the oldest PENDING message has waited.
 * What the operations endpoint shows, the health indicator judges and gauges report.
 *
 * <p>The <em>oldest due message</em> is the PENDING message with the earliest due time ({@code next_retry_at})
 * that has passed. A dispatcher that keeps up sends messages within milliseconds of their due time, so its
 * age stays near zero; it grows when no dispatcher runs, the dispatchers fall behind, or an ordered message
 * waits behind a FAILED or SUSPENDED one of its key. A message being sent right now is leased (its due time
 * is the end of the lease) and is not due; a message waiting for its next retry is not due before its time.
 *
 * @param takenAt when the snapshot was taken, by the outbox's clock
 * @param counts the number of messages of each state counted (all five, or only the backlog's: see
 * {@link OutboxAdmin#backlog()})
 * @param oldestDueAt the due time of the oldest due message, or null when none is due
 * @param oldestPendingSince when the oldest PENDING message was saved, or null when none is PENDING
 */
public record OutboxSnapshot(Instant takenAt, Map<MessageState, Long> counts, @Nullable Instant oldestDueAt,
        @Nullable Instant oldestPendingSince) {

    /**
     * @param takenAt when the snapshot was taken
     * @param counts the number of messages of each state counted
     * @param oldestDueAt the due time of the oldest due message, or null when none is due
     * @param oldestPendingSince when the oldest PENDING message was saved, or null when none is PENDING
     */
    public OutboxSnapshot {
        counts = Collections.unmodifiableMap(counts.isEmpty() ? new EnumMap<>(MessageState.class)
                : new EnumMap<>(counts));
    }

    /**
     * @param state a state this snapshot counted
     * @return how many messages were in that state
     * @throws IllegalArgumentException when the snapshot did not count that state (a backlog snapshot
     * counts PENDING, FAILED and SUSPENDED only)
     */
    public long count(MessageState state) {
        Long count = this.counts.get(state);
        if (count == null) {
            throw new IllegalArgumentException("This snapshot counted " + this.counts.keySet() + ", not " + state
                    + "; OutboxAdmin.overview() counts every state");
        }
        return count;
    }

    /**
     * @return how long the oldest PENDING message has waited since it was saved, or zero when none is
     * PENDING. Unlike {@link #oldestDueAge()} it also grows while messages wait for their retries, as
     * they all do in a broker outage: the lag to alert on.
     */
    public Duration oldestPendingAge() {
        return (this.oldestPendingSince != null) ? Duration.between(this.oldestPendingSince, this.takenAt)
                : Duration.ZERO;
    }

    /**
     * @return how long the oldest due message has been due, or zero when none is due
     */
    public Duration oldestDueAge() {
        return (this.oldestDueAt != null) ? Duration.between(this.oldestDueAt, this.takenAt) : Duration.ZERO;
    }
}
