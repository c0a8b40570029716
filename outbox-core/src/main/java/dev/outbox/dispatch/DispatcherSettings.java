/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.dispatch;

import java.time.Duration;

/**
 * How a dispatcher claims and sends. Build with {@link #builder()}; every setting has a default.
 *
 * @param pollInterval how often an idle dispatcher looks for due rows (commits in this instance
 * wake it at once)
 * @param maxPollInterval the longest poll interval that idle back-off reaches
 * @param batchSize the most rows claimed and sent in one cycle
 * @param lease how long a claimed row stays with this instance before others may claim it again
 * @param sendTimeout how long a cycle waits for the broker to confirm its sends; must be shorter
 * than half the lease
 * @param shutdownTimeout how long stopping waits for the sends in flight
 * @param threads the number of dispatch loops in this instance
 * @param claimStrategy how rows are claimed
 * @param handoffCapacity the most committed messages waiting in memory for this instance's loop;
 * beyond it they are claimed once their lease ends
 * @param handlerThreads the most local handlers that run at once; each holds a database connection
 * for its transaction while it runs
 */
public record DispatcherSettings(Duration pollInterval, Duration maxPollInterval, int batchSize, Duration lease,
        Duration sendTimeout, Duration shutdownTimeout, int threads, ClaimStrategy claimStrategy,
        int handoffCapacity, int handlerThreads) {

    /** Default poll interval. */
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(1);

    /** Default cap of the idle back-off. */
    public static final Duration DEFAULT_MAX_POLL_INTERVAL = Duration.ofSeconds(8);

    /** Default batch size. */
    public static final int DEFAULT_BATCH_SIZE = 100;

    /** Default lease. */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);

    /** Default send timeout. */
    public static final Duration DEFAULT_SEND_TIMEOUT = Duration.ofSeconds(10);

    /** Default shutdown timeout. */
    public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(15);

    /** Default number of dispatch loops. */
    public static final int DEFAULT_THREADS = 1;

    /** Default claim strategy. */
    public static final ClaimStrategy DEFAULT_CLAIM_STRATEGY = ClaimStrategy.SKIP_LOCKED;

    /** Default hand-off capacity. */
    public static final int DEFAULT_HANDOFF_CAPACITY = 10_000;

    /** Default number of local handlers that run at once. */
    public static final int DEFAULT_HANDLER_THREADS = 4;

    /**
     * @param pollInterval how often an idle dispatcher looks for due rows (commits in this instance
     * wake it at once)
     * @param maxPollInterval the longest poll interval that idle back-off reaches
     * @param batchSize the most rows claimed and sent in one cycle
     * @param lease how long a claimed row stays with this instance before others may claim it again
     * @param sendTimeout how long a cycle waits for the broker to confirm its sends; must be shorter
     * than half the lease
     * @param shutdownTimeout how long stopping waits for the sends in flight
     * @param threads the number of dispatch loops in this instance
     * @param claimStrategy how rows are claimed
     * @param handoffCapacity the most committed messages waiting in memory for this instance's loop;
     * beyond it they are claimed once their lease ends
     * @param handlerThreads the most local handlers that run at once; each holds a database connection
     * for its transaction while it runs
     * @throws IllegalArgumentException naming the setting that is out of range
     */
    public DispatcherSettings {
        if (claimStrategy == null) {
            throw new IllegalArgumentException("dispatcher claim-strategy must be set");
        }
        requirePositive("poll-interval", pollInterval);
        requirePositive("max-poll-interval", maxPollInterval);
        requirePositive("lease", lease);
        requirePositive("send-timeout", sendTimeout);
        requirePositive("shutdown-timeout", shutdownTimeout);
        if (maxPollInterval.compareTo(pollInterval) < 0) {
            throw new IllegalArgumentException("dispatcher max-poll-interval (" + maxPollInterval
                    + ") must not be shorter than poll-interval (" + pollInterval + ")");
        }
        if (sendTimeout.compareTo(lease.dividedBy(2)) >= 0) {
            throw new IllegalArgumentException("dispatcher send-timeout (" + sendTimeout + ") must be shorter than "
                    + "half the lease (" + lease + "): a handed-off message is sent with at least half its lease "
                    + "left, and must be confirmed before another instance may claim it");
        }
        requireAtLeastOne("batch-size", batchSize);
        requireAtLeastOne("threads", threads);
        requireAtLeastOne("handoff-capacity", handoffCapacity);
        requireAtLeastOne("handler-threads", handlerThreads);
    }

    /**
     * @return the default settings
     */
    public static DispatcherSettings defaults() {
        return builder().build();
    }

    /**
     * @return a builder that starts from the defaults
     */
    public static Builder builder() {
        return new Builder();
    }

    private static void requirePositive(String name, Duration value) {
        if (value == null) {
            throw new IllegalArgumentException("dispatcher " + name + " must be set");
        }
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("dispatcher " + name + " must be positive, was " + value);
        }
    }

    private static void requireAtLeastOne(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException("dispatcher " + name + " must be at least 1, was " + value);
        }
    }

    /**
     * Builds {@link DispatcherSettings}, starting from the defaults.
     */
    public static final class Builder {

        private Duration pollInterval = DEFAULT_POLL_INTERVAL;

        private Duration maxPollInterval = DEFAULT_MAX_POLL_INTERVAL;

        private int batchSize = DEFAULT_BATCH_SIZE;

        private Duration lease = DEFAULT_LEASE;

        private Duration sendTimeout = DEFAULT_SEND_TIMEOUT;

        private Duration shutdownTimeout = DEFAULT_SHUTDOWN_TIMEOUT;

        private int threads = DEFAULT_THREADS;

        private ClaimStrategy claimStrategy = DEFAULT_CLAIM_STRATEGY;

        private int handoffCapacity = DEFAULT_HANDOFF_CAPACITY;

        private int handlerThreads = DEFAULT_HANDLER_THREADS;

        private Builder() {
        }

        /**
         * @param pollInterval see {@link DispatcherSettings#pollInterval()}
         * @return this builder
         */
        public Builder pollInterval(Duration pollInterval) {
            this.pollInterval = pollInterval;
            return this;
        }

        /**
         * @param maxPollInterval see {@link DispatcherSettings#maxPollInterval()}
         * @return this builder
         */
        public Builder maxPollInterval(Duration maxPollInterval) {
            this.maxPollInterval = maxPollInterval;
            return this;
        }

        /**
         * @param batchSize see {@link DispatcherSettings#batchSize()}
         * @return this builder
         */
        public Builder batchSize(int batchSize) {
            this.batchSize = batchSize;
            return this;
        }

        /**
         * @param lease see {@link DispatcherSettings#lease()}
         * @return this builder
         */
        public Builder lease(Duration lease) {
            this.lease = lease;
            return this;
        }

        /**
         * @param sendTimeout see {@link DispatcherSettings#sendTimeout()}
         * @return this builder
         */
        public Builder sendTimeout(Duration sendTimeout) {
            this.sendTimeout = sendTimeout;
            return this;
        }

        /**
         * @param shutdownTimeout see {@link DispatcherSettings#shutdownTimeout()}
         * @return this builder
         */
        public Builder shutdownTimeout(Duration shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
            return this;
        }

        /**
         * @param threads see {@link DispatcherSettings#threads()}
         * @return this builder
         */
        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        /**
         * @param claimStrategy see {@link DispatcherSettings#claimStrategy()}
         * @return this builder
         */
        public Builder claimStrategy(ClaimStrategy claimStrategy) {
            this.claimStrategy = claimStrategy;
            return this;
        }

        /**
         * @param handoffCapacity see {@link DispatcherSettings#handoffCapacity()}
         * @return this builder
         */
        public Builder handoffCapacity(int handoffCapacity) {
            this.handoffCapacity = handoffCapacity;
            return this;
        }

        /**
         * @param handlerThreads see {@link DispatcherSettings#handlerThreads()}
         * @return this builder
         */
        public Builder handlerThreads(int handlerThreads) {
            this.handlerThreads = handlerThreads;
            return this;
        }

        /**
         * @return the validated settings
         */
        public DispatcherSettings build() {
            return new DispatcherSettings(this.pollInterval, this.maxPollInterval, this.batchSize, this.lease,
                    this.sendTimeout, this.shutdownTimeout, this.threads, this.claimStrategy, this.handoffCapacity,
                    this.handlerThreads);
        }
    }
}
