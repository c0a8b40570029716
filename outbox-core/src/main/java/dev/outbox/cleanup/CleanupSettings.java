/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.cleanup;

import java.time.Duration;

/**
 * What the cleanup deletes and how much at a time. Build with {@link #builder()}; every setting has a
 * default.
 *
 * @param retention how long a message is kept after it reached its final state (its last modification)
 * @param includeFailed whether FAILED messages are deleted too; by default they wait for an operator
 * @param batchSize the most rows deleted per transaction
 * @param maxRowsPerRun the most rows one run deletes; the next run continues
 * @param maxRunTime how long one run may go on; it stops after the batch that reaches it, and the next
 * run continues
 * @param archive whether deleted messages are copied to the archive table first
 * @param inboxRetention how long a consumed inbox key is kept; it must outlast every redelivery of its
 * message
 */
public record CleanupSettings(Duration retention, boolean includeFailed, int batchSize, long maxRowsPerRun,
        Duration maxRunTime, boolean archive, Duration inboxRetention) {

    /** Default retention of SENT, CONSUMED (and, if included, FAILED) messages: 7 days. */
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);

    /** Default batch size. */
    public static final int DEFAULT_BATCH_SIZE = 500;

    /** The largest batch size: more would hold row locks and undo for longer than a short transaction. */
    public static final int MAX_BATCH_SIZE = 10_000;

    /** Default limit of rows per run. */
    public static final long DEFAULT_MAX_ROWS_PER_RUN = 1_000_000;

    /** Default time budget of a run. */
    public static final Duration DEFAULT_MAX_RUN_TIME = Duration.ofMinutes(5);

    /** Default retention of consumed inbox keys: 7 days. */
    public static final Duration DEFAULT_INBOX_RETENTION = Duration.ofDays(7);

    /**
     * @param retention how long a message is kept after it reached its final state (its last modification)
     * @param includeFailed whether FAILED messages are deleted too; by default they wait for an operator
     * @param batchSize the most rows deleted per transaction
     * @param maxRowsPerRun the most rows one run deletes; the next run continues
     * @param maxRunTime how long one run may go on; it stops after the batch that reaches it, and the next
     * run continues
     * @param archive whether deleted messages are copied to the archive table first
     * @param inboxRetention how long a consumed inbox key is kept; it must outlast every redelivery of its
     * message
     * @throws IllegalArgumentException naming the setting that is out of range
     */
    public CleanupSettings {
        requirePositive("cleanup retention", retention);
        requirePositive("cleanup max-run-time", maxRunTime);
        requirePositive("inbox retention", inboxRetention);
        if (batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
            throw new IllegalArgumentException("cleanup batch-size must be between 1 and " + MAX_BATCH_SIZE
                    + ", was " + batchSize);
        }
        if (maxRowsPerRun < 1) {
            throw new IllegalArgumentException("cleanup max-rows-per-run must be at least 1, was " + maxRowsPerRun);
        }
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

    private static void requirePositive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
    }

    /**
     * Builds {@link CleanupSettings}; {@link #build()} checks them.
     */
    public static final class Builder {

        private Duration retention = DEFAULT_RETENTION;

        private boolean includeFailed;

        private int batchSize = DEFAULT_BATCH_SIZE;

        private long maxRowsPerRun = DEFAULT_MAX_ROWS_PER_RUN;

        private Duration maxRunTime = DEFAULT_MAX_RUN_TIME;

        private boolean archive;

        private Duration inboxRetention = DEFAULT_INBOX_RETENTION;

        private Builder() {
        }

        /**
         * @param retention how long a message is kept after its last modification
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
         * @return the settings
         * @throws IllegalArgumentException naming the setting that is out of range
         */
        public CleanupSettings build() {
            return new CleanupSettings(this.retention, this.includeFailed, this.batchSize, this.maxRowsPerRun,
                    this.maxRunTime, this.archive, this.inboxRetention);
        }
    }
}
