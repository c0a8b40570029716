/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.cleanup;

import java.time.Duration;
import java.util.List;

import dev.outbox.message.MessageState;
import dev.outbox.settings.Check;
import dev.outbox.settings.Setting;
import dev.outbox.settings.SettingSource;
import org.jspecify.annotations.Nullable;

/**
 * What the cleanup deletes and how much at a time. Build with {@link #builder()}; every setting has a
 * default.
 *
 * @param retention how long a message is kept after it reached its final state ({@link OutboxCleaner})
 * @param includeFailed whether FAILED messages are deleted too; by default they wait for an operator
 * @param batchSize the most rows deleted per transaction
 * @param maxRowsPerRun the most rows one run deletes; the next run continues
 * @param maxRunTime how long one run may go on; it stops after the batch that reaches it, and the next
 * run continues
 * @param archive whether deleted messages are copied to the archive table first
 * @param inboxRetention how long a consumed inbox key is kept; it must outlast every redelivery of its
 * message
 * @param failedRetention how long a FAILED message is kept when they are included, or null for the retention
 */
public record CleanupSettings(Duration retention, boolean includeFailed, int batchSize, long maxRowsPerRun,
        Duration maxRunTime, boolean archive, Duration inboxRetention, @Nullable Duration failedRetention) {

    private static final String GROUP = "cleanup";

    /** The largest batch size: more would hold row locks and undo for longer than a short transaction. */
    public static final int MAX_BATCH_SIZE = 10_000;

    /** How long a SENT, CONSUMED (and, if included, FAILED) message is kept: 7 days by default. */
    public static final Setting<Duration> RETENTION = Setting.of(GROUP, "retention", Duration.ofDays(7),
            Check.positive(), "How long a message is kept after it reached its final state (SENT or "
                    + "CONSUMED: since it did; FAILED: since it is next due).");

    /** Whether FAILED messages are deleted too: not by default, they wait for an operator. */
    public static final Setting<Boolean> INCLUDE_FAILED = Setting.of(GROUP, "include-failed", false, Check.any(),
            "Whether FAILED messages older than the retention are deleted too. Deleting a FAILED message of an "
                    + "ordering key releases the messages of that key behind it.");

    /** The most rows deleted per transaction: 500 by default. */
    public static final Setting<Integer> BATCH_SIZE = Setting.of(GROUP, "batch-size", 500,
            Check.between(1, MAX_BATCH_SIZE), "Most rows deleted per transaction; at most 10000.");

    /** The most rows one run deletes: 1,000,000 by default. */
    public static final Setting<Long> MAX_ROWS_PER_RUN = Setting.of(GROUP, "max-rows-per-run", 1_000_000L,
            Check.atLeast(1), "Most rows one run deletes; the next run continues.");

    /** How long one run may go on: 5 minutes by default. */
    public static final Setting<Duration> MAX_RUN_TIME = Setting.of(GROUP, "max-run-time", Duration.ofMinutes(5),
            Check.positive(), "How long one run may go on before it stops (after the batch that reached it); the "
                    + "next run continues.");

    /** Whether deleted messages are copied to the archive table first: not by default. */
    public static final Setting<Boolean> ARCHIVE = Setting.of("cleanup.archive", "enabled", false, Check.any(),
            "Whether the cleanup copies each message to the archive table before deleting it, in the same "
                    + "transaction.");

    /** How long a consumed inbox key is kept: 7 days by default. */
    public static final Setting<Duration> INBOX_RETENTION = Setting.of("inbox", "retention", Duration.ofDays(7),
            Check.positive(), "How long a consumed key is kept before the cleanup job deletes it. It must outlast "
                    + "every redelivery of its message: a redelivery after the key is gone is consumed again.");

    /** How long a FAILED message is kept when they are included: the retention unless set. */
    public static final Setting<Duration> FAILED_RETENTION = Setting.optional(GROUP, "failed-retention",
            Duration.class, Check.positive(), "How long a FAILED message is kept when include-failed is true, for "
                    + "example 30d to keep failures for longer than what was sent. When not set, the retention.");

    /** Every setting of the cleanup, in the order of the record's components. */
    public static final List<Setting<?>> SETTINGS = List.of(RETENTION, INCLUDE_FAILED, BATCH_SIZE, MAX_ROWS_PER_RUN,
            MAX_RUN_TIME, ARCHIVE, INBOX_RETENTION, FAILED_RETENTION);

    /**
     * @param retention how long a message is kept after it reached its final state ({@link OutboxCleaner})
     * @param includeFailed whether FAILED messages are deleted too; by default they wait for an operator
     * @param batchSize the most rows deleted per transaction
     * @param maxRowsPerRun the most rows one run deletes; the next run continues
     * @param maxRunTime how long one run may go on; it stops after the batch that reaches it, and the next
     * run continues
     * @param archive whether deleted messages are copied to the archive table first
     * @param inboxRetention how long a consumed inbox key is kept; it must outlast every redelivery of its
     * message
     * @param failedRetention how long a FAILED message is kept when they are included, or null for the retention
     * @throws dev.outbox.settings.SettingException naming the setting that is out of range
     */
    public CleanupSettings {
        RETENTION.check(retention);
        MAX_RUN_TIME.check(maxRunTime);
        INBOX_RETENTION.check(inboxRetention);
        BATCH_SIZE.check(batchSize);
        MAX_ROWS_PER_RUN.check(maxRowsPerRun);
        FAILED_RETENTION.check(failedRetention);
        if (failedRetention != null && !includeFailed) {
            throw FAILED_RETENTION.invalid("(" + failedRetention + ") is set, but FAILED messages are deleted only "
                    + "when include-failed is true");
        }
    }

    /**
     * @param state a final state
     * @return how long a message of that state is kept
     */
    public Duration retentionOf(MessageState state) {
        return (state == MessageState.FAILED && this.failedRetention != null) ? this.failedRetention : this.retention;
    }

    /**
     * @return the default settings
     */
    public static CleanupSettings defaults() {
        return builder().build();
    }

    /**
     * @return a builder with every setting at its default
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param source where the settings are read from; each one it does not have takes its default
     * @return the validated settings
     * @throws dev.outbox.settings.SettingException naming the setting that is out of range
     */
    public static CleanupSettings from(SettingSource source) {
        return new CleanupSettings(RETENTION.valueIn(source), INCLUDE_FAILED.valueIn(source),
                BATCH_SIZE.valueIn(source), MAX_ROWS_PER_RUN.valueIn(source), MAX_RUN_TIME.valueIn(source),
                ARCHIVE.valueIn(source), INBOX_RETENTION.valueIn(source), FAILED_RETENTION.valueIn(source));
    }

    /**
     * Builds {@link CleanupSettings}; {@link #build()} checks them.
     */
    public static final class Builder {

        private Duration retention = RETENTION.defaultValue();

        private boolean includeFailed = INCLUDE_FAILED.defaultValue();

        private int batchSize = BATCH_SIZE.defaultValue();

        private long maxRowsPerRun = MAX_ROWS_PER_RUN.defaultValue();

        private Duration maxRunTime = MAX_RUN_TIME.defaultValue();

        private boolean archive = ARCHIVE.defaultValue();

        private Duration inboxRetention = INBOX_RETENTION.defaultValue();

        private @Nullable Duration failedRetention;

        private Builder() {
        }

        /**
         * @param retention how long a message is kept after it reached its final state ({@link OutboxCleaner})
         * @return this builder
         */
        public Builder retention(Duration retention) {
            this.retention = retention;
            return this;
        }

        /**
         * @param includeFailed whether FAILED messages are deleted too
         * @return this builder
         */
        public Builder includeFailed(boolean includeFailed) {
            this.includeFailed = includeFailed;
            return this;
        }

        /**
         * @param batchSize the most rows deleted per transaction, 1 to {@value CleanupSettings#MAX_BATCH_SIZE}
         * @return this builder
         */
        public Builder batchSize(int batchSize) {
            this.batchSize = batchSize;
            return this;
        }

        /**
         * @param maxRowsPerRun the most rows one run deletes
         * @return this builder
         */
        public Builder maxRowsPerRun(long maxRowsPerRun) {
            this.maxRowsPerRun = maxRowsPerRun;
            return this;
        }

        /**
         * @param maxRunTime how long one run may go on
         * @return this builder
         */
        public Builder maxRunTime(Duration maxRunTime) {
            this.maxRunTime = maxRunTime;
            return this;
        }

        /**
         * @param archive whether deleted messages are copied to the archive table first
         * @return this builder
         */
        public Builder archive(boolean archive) {
            this.archive = archive;
            return this;
        }

        /**
         * @param inboxRetention how long a consumed inbox key is kept
         * @return this builder
         */
        public Builder inboxRetention(Duration inboxRetention) {
            this.inboxRetention = inboxRetention;
            return this;
        }

        /**
         * @param failedRetention how long a FAILED message is kept, when they are included; the retention unless
         * set
         * @return this builder
         */
        public Builder failedRetention(Duration failedRetention) {
            this.failedRetention = failedRetention;
            return this;
        }

        /**
         * @return the settings
         * @throws dev.outbox.settings.SettingException naming the setting that is out of range
         */
        public CleanupSettings build() {
            return new CleanupSettings(this.retention, this.includeFailed, this.batchSize, this.maxRowsPerRun,
                    this.maxRunTime, this.archive, this.inboxRetention, this.failedRetention);
        }
    }
}
