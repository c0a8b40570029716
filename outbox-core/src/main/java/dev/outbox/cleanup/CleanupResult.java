/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.cleanup;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

import dev.outbox.message.MessageState;

/**
 * What one cleanup run did.
 *
 * @param deleted the messages deleted, per state
 * @param archived how many of them were copied to the archive table first
 * @param inboxDeleted the inbox keys deleted
 * @param batches the outbox batches (transactions) that found rows to delete
 * @param stoppedEarly whether the run stopped at its row limit, its time budget or an interrupt while
 * old messages may be left; the next run continues
 * @param took how long the run took
 */
public record CleanupResult(Map<MessageState, Long> deleted, long archived, long inboxDeleted, int batches,
        boolean stoppedEarly, Duration took) {

    /**
     * Copies the counts, so that the result never changes.
     *
     * @param deleted the messages deleted, per state
     * @param archived how many of them were copied to the archive table first
     * @param inboxDeleted the inbox keys deleted
     * @param batches the outbox batches (transactions) that found rows to delete
     * @param stoppedEarly whether the run stopped at its row limit, its time budget or an interrupt while
     * old messages may be left; the next run continues
     * @param took how long the run took
     */
    public CleanupResult {
        EnumMap<MessageState, Long> copy = new EnumMap<>(MessageState.class);
        copy.putAll(deleted);
        deleted = Collections.unmodifiableMap(copy);
    }

    /**
     * @param state a state
     * @return the messages of that state deleted
     */
    public long deleted(MessageState state) {
        return this.deleted.getOrDefault(state, 0L);
    }

    /**
     * @return the messages deleted, of every state
     */
    public long totalDeleted() {
        return this.deleted.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * @return whether the run deleted any message or inbox key
     */
    public boolean deletedAnything() {
        return totalDeleted() > 0 || this.inboxDeleted > 0;
    }
}
