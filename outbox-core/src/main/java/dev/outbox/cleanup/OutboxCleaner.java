/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.cleanup;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import dev.outbox.internal.jdbc.CleanupBatch;
import dev.outbox.internal.jdbc.CleanupRepository;
import dev.outbox.internal.jdbc.DuePosition;
import dev.outbox.internal.jdbc.InboxRepository;
import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.message.MessageState;
import dev.outbox.store.OutboxStore;
import org.jspecify.annotations.Nullable;

/**
 * Deletes messages that reached a final state longer ago than the retention, and, when given the
 * inbox, the inbox keys consumed longer ago than theirs.
 *
 * <p>A message's age is counted from the time it reached its final state: for a SENT or CONSUMED message
 * when it was sent or consumed, for a FAILED one when it failed, or, with the slow retry on
 * ({@code failed-retry-interval}), when its next slow retry is due, so that a FAILED message the slow
 * retry still tries is never old. The outbox keeps that time in the row's {@code next_retry_at}, which
 * the due index orders, so the cleanup needs no index of its own. SENT and CONSUMED messages are
 * deleted, FAILED ones only when {@link CleanupSettings#includeFailed()} says so (deleting a FAILED
 * message of an ordering key releases the messages of that key behind it); PENDING and SUSPENDED
 * messages never.
 *
 * <p>Each batch is one short transaction of at most {@link CleanupSettings#batchSize()} rows, the
 * states taking turns, so writers never wait long for the cleanup. A run stops when no old message is
 * left, or early at {@link CleanupSettings#maxRowsPerRun()} rows, at {@link CleanupSettings#maxRunTime()},
 * or when its thread is interrupted; the next run continues. Several instances may clean at the same
 * time: a row deleted by one is not found, or not counted, by the others.
 */
public final class OutboxCleaner {

    private static final List<MessageState> ALWAYS_DELETED = List.of(MessageState.SENT, MessageState.CONSUMED);

    private final CleanupRepository repository;

    private final CleanupSettings settings;

    private final @Nullable InboxRepository inbox;

    private OutboxCleaner(Builder builder) {
        this.repository = new CleanupRepository(builder.store);
        this.settings = builder.settings;
        this.inbox = builder.includeInbox ? new InboxRepository(builder.store) : null;
    }

    /**
     * @param store where the messages are
     * @return a builder with the default settings, that leaves the inbox table as it is
     */
    public static Builder builder(OutboxStore store) {
        return new Builder(store);
    }

    /**
     * @return the settings this cleaner runs with
     */
    public CleanupSettings settings() {
        return this.settings;
    }

    /**
     * Deletes (or archives and deletes) the messages older than their state's retention, then the inbox keys
     * older than theirs.
     *
     * @param now the current time, from which the ages are counted
     * @return what the run did
     */
    public CleanupResult runOnce(Instant now) {
        long start = System.nanoTime();
        Map<MessageState, Long> deleted = new EnumMap<>(MessageState.class);
        Map<MessageState, DuePosition> positions = new EnumMap<>(MessageState.class);
        Deque<MessageState> statesLeft = new ArrayDeque<>(statesToDelete());
        long rows = 0;
        long archived = 0;
        int batches = 0;
        boolean stoppedEarly = false;
        while (!statesLeft.isEmpty() && !stoppedEarly) {
            MessageState state = statesLeft.poll();
            int limit = (int) Math.min(this.settings.batchSize(), this.settings.maxRowsPerRun() - rows);
            CleanupBatch batch = batch(state, now.minus(this.settings.retentionOf(state)), limit, positions.get(state),
                    now);
            if (batch.selected() > 0) {
                batches++;
            }
            rows += batch.selected();
            archived += batch.archived();
            deleted.merge(state, (long) batch.deleted(), Long::sum);
            if (batch.full(limit) && batch.last() != null) {
                positions.put(state, batch.last());
                statesLeft.add(state);
                stoppedEarly = rows >= this.settings.maxRowsPerRun()
                        || elapsed(start).compareTo(this.settings.maxRunTime()) >= 0
                        || Thread.currentThread().isInterrupted();
            }
        }
        long inboxDeleted = cleanInbox(now);
        return new CleanupResult(deleted, archived, inboxDeleted, batches, stoppedEarly, elapsed(start));
    }

    private List<MessageState> statesToDelete() {
        return this.settings.includeFailed()
                ? List.of(MessageState.SENT, MessageState.CONSUMED, MessageState.FAILED) : ALWAYS_DELETED;
    }

    private CleanupBatch batch(MessageState state, Instant cutoff, int limit, @Nullable DuePosition after,
            Instant now) {
        return this.settings.archive() ? this.repository.archiveOldest(state, cutoff, limit, after, now)
                : this.repository.deleteOldest(state, cutoff, limit, after);
    }

    private long cleanInbox(Instant now) {
        if (this.inbox == null || Thread.currentThread().isInterrupted()) {
            return 0;
        }
        return this.inbox.deleteConsumedBefore(now.minus(this.settings.inboxRetention()), this.settings.batchSize());
    }

    private static Duration elapsed(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /**
     * Builds an {@link OutboxCleaner}.
     */
    public static final class Builder {

        private final JdbcStore store;

        private CleanupSettings settings = CleanupSettings.defaults();

        private boolean includeInbox;

        private Builder(OutboxStore store) {
            if (store == null) {
                throw new IllegalArgumentException("the outbox store is required");
            }
            this.store = JdbcStore.of(store);
        }

        /**
         * @param settings what to delete and how much at a time
         * @return this builder
         */
        public Builder settings(CleanupSettings settings) {
            if (settings == null) {
                throw new IllegalArgumentException("the cleanup settings are required");
            }
            this.settings = settings;
            return this;
        }

        /**
         * Deletes the inbox keys older than {@link CleanupSettings#inboxRetention()} in every run too.
         *
         * @return this builder
         */
        public Builder includeInbox() {
            this.includeInbox = true;
            return this;
        }

        /**
         * @return the cleaner
         */
        public OutboxCleaner build() {
            return new OutboxCleaner(this);
        }
    }
}
