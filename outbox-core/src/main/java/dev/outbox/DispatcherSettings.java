/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Duration;
import java.util.List;

import dev.outbox.settings.Check;
import dev.outbox.settings.Setting;
import dev.outbox.settings.SettingSource;
import dev.outbox.store.ClaimStrategy;

/**
 * How a dispatcher claims and sends. Build with {@link #builder()}; every setting has a default.
 *
 * @param pollInterval how often an idle dispatcher looks for due rows (commits in this instance
 * wake it at once)
 * @param maxPollInterval the longest poll interval that idle back-off reaches
 * @param batchSize the most rows claimed and sent in one cycle
 * @param lease how long a claimed row stays with this instance before others may claim it again
 * @param sendTimeout how long a cycle waits for the broker to confirm its sends, renewing the leases of
 * the sends still running
 * @param shutdownTimeout how long stopping waits for the batches in flight and the running local handlers
 * before it interrupts them
 * @param threads the number of dispatch loops in this instance
 * @param claimStrategy how rows are claimed
 * @param handoffCapacity the most committed messages waiting in memory for this instance's loop;
 * beyond it they are claimed once their lease ends; 0 turns the hand-off off
 * @param handlerThreads the most local handlers that run at once; each holds a database connection
 * for its transaction while it runs
 * @param handlerQueueCapacity the most local handlers waiting for a thread of the dispatcher's pool; a message
 * whose handler finds it full is not attempted and comes due again a lease later
 * @param outageProbeInterval how often a route paused by an unreachable broker sends one probe message
 * @param lockedSendWindow how long a skip-locked claim holds its rows locked, in one transaction, while it waits
 * for the broker's confirmations, so that a confirmed message is written once; zero turns it off
 */
public record DispatcherSettings(Duration pollInterval, Duration maxPollInterval, int batchSize, Duration lease,
        Duration sendTimeout, Duration shutdownTimeout, int threads, ClaimStrategy claimStrategy,
        int handoffCapacity, int handlerThreads, int handlerQueueCapacity, Duration outageProbeInterval,
        Duration lockedSendWindow) {

    private static final String GROUP = "dispatcher";

    /** How often an idle dispatcher looks for due messages: 1 s by default. */
    public static final Setting<Duration> POLL_INTERVAL = Setting.of(GROUP, "poll-interval", Duration.ofSeconds(1),
            Check.positive(), "How often an idle dispatcher looks for due messages; commits in this instance wake it "
                    + "at once.");

    /** The longest poll interval of the idle back-off: 8 s by default. */
    public static final Setting<Duration> MAX_POLL_INTERVAL = Setting.of(GROUP, "max-poll-interval",
            Duration.ofSeconds(8), Check.positive(), "Longest poll interval that the idle back-off reaches.");

    /**
     * The most messages claimed and sent in one cycle: 500 by default, chosen by measurement (docs/benchmarks.md,
     * "Performance II"): a drain of 500 per cycle was 1.1 to 1.6 times as fast as one of 100. A batch's bodies
     * are in memory at once, so an application with large payloads sets it lower.
     */
    public static final Setting<Integer> BATCH_SIZE = Setting.of(GROUP, "batch-size", 500, Check.atLeast(1),
            "Most messages claimed and sent in one cycle. A batch's bodies are in memory at once: with large "
                    + "payloads, set it lower.");

    /**
     * How long a claimed message stays with this instance: 8 s by default, renewed every quarter lease while its
     * send runs, so that the messages of an instance that died are due for the others within 8 s.
     */
    public static final Setting<Duration> LEASE = Setting.of(GROUP, "lease", Duration.ofSeconds(8), Check.positive(),
            "How long a claimed message stays with this instance before other instances may claim it again; renewed "
                    + "every quarter lease while its send runs. Messages of an instance that died wait this long.");

    /** How long a cycle waits for the broker's confirmations: 10 s by default. */
    public static final Setting<Duration> SEND_TIMEOUT = Setting.of(GROUP, "send-timeout", Duration.ofSeconds(10),
            Check.positive(), "How long a cycle waits for the broker to confirm its sends; the leases of the sends "
                    + "still running are renewed meanwhile.");

    /**
     * How long stopping waits for the batches in flight and the local handlers that run: 10 s by default, the
     * send timeout's default, so that a batch waiting for its confirmations ends within it. What still runs then
     * is interrupted and waited for up to {@link Dispatcher#INTERRUPT_GRACE} more, so that stopping takes at most
     * 12 s by default; with the starter's periodic jobs (2 s) the outbox stops within 14 s, which leaves 15 s of a
     * Kubernetes grace period of 30 s for the web server's graceful shutdown before it (docs/configuration.md,
     * "Shutdown").
     */
    public static final Setting<Duration> SHUTDOWN_TIMEOUT = Setting.of(GROUP, "shutdown-timeout",
            Duration.ofSeconds(10), Check.positive(), "How long stopping the application waits for the batches in "
                    + "flight and the running local handlers; what still runs is then interrupted and waited for up "
                    + "to 2 s more.");

    /** The number of dispatch loops: 1 by default. */
    public static final Setting<Integer> THREADS = Setting.of(GROUP, "threads", 1, Check.atLeast(1),
            "Number of dispatch threads in this instance.");

    /** How due messages are claimed: {@link ClaimStrategy#SKIP_LOCKED} by default. */
    public static final Setting<ClaimStrategy> CLAIM_STRATEGY = Setting.of(GROUP, "claim-strategy",
            ClaimStrategy.SKIP_LOCKED, Check.any(), "How due messages are claimed: skip-locked (SELECT ... FOR "
                    + "UPDATE SKIP LOCKED; falls back to optimistic on databases without it) or optimistic (guarded "
                    + "updates, no row locks).");

    /** The most committed messages waiting in memory for this instance: 10,000 by default. */
    public static final Setting<Integer> HANDOFF_CAPACITY = Setting.of(GROUP, "handoff-capacity", 10_000,
            Check.atLeast(0), "Most committed messages waiting in memory for this instance's dispatcher; beyond it "
                    + "they are claimed from the table once their lease ends. 0 turns the hand-off off: a commit then "
                    + "only wakes the dispatcher, which claims the messages from the table.");

    /** The most local handlers that run at once: 4 by default. */
    public static final Setting<Integer> HANDLER_THREADS = Setting.of(GROUP, "handler-threads", 4, Check.atLeast(1),
            "Most local handlers that run at once in this instance; each holds a database connection for its "
                    + "transaction while it runs.");

    /**
     * The most local handlers waiting for a thread of the dispatcher's own pool: 1,000 by default, two batches of
     * the default size, so that a whole batch of handlers is queued at once while the pool works, and handlers that
     * hang (each loop waits for its batch's handlers up to the send timeout, then moves on) let the queue grow to
     * two batches, not by a batch per cycle. A message whose handler finds the queue full is not attempted: it comes
     * due again a lease later. Keep it at least batch-size times threads. An executor handed in
     * ({@link Dispatcher.Builder#handlerExecutor}) has its own queue.
     */
    public static final Setting<Integer> HANDLER_QUEUE_CAPACITY = Setting.of(GROUP, "handler-queue-capacity", 1_000,
            Check.atLeast(1), "Most local handlers waiting for a thread of the dispatcher's pool; a message whose "
                    + "handler finds it full is not attempted and comes due again a lease later. Keep it at least "
                    + "batch-size times threads.");

    /** How often a route paused by an unreachable broker sends a probe message: 2 s by default. */
    public static final Setting<Duration> OUTAGE_PROBE_INTERVAL = Setting.of(GROUP, "outage-probe-interval",
            Duration.ofSeconds(2), Check.positive(), "How often a sender's route, paused because its broker was "
                    + "unreachable, sends one probe message; the first send that succeeds resumes the route.");

    /**
     * How long a skip-locked claim keeps its rows locked while it waits for the broker's confirmations: 200 ms by
     * default, chosen from the brokers' measured confirmation times of a batch (docs/benchmarks.md, "One write per
     * message (issue 31, item 1)"; docs/architecture.md, "The locked round"). The rows are
     * selected {@code FOR UPDATE SKIP LOCKED}, sent, and those confirmed within the window are marked SENT in the
     * same transaction: one write per message instead of a lease and then the outcome. The rows still unconfirmed
     * are leased before the commit and finish as leased rows do. It bounds how long the claim's row locks and
     * connection are held. Zero turns it off: every claim leases its rows first. It must be shorter than a quarter
     * of the lease.
     */
    public static final Setting<Duration> LOCKED_SEND_WINDOW = Setting.of(GROUP, "locked-send-window",
            Duration.ofMillis(200), Check.notNegative(), "How long a skip-locked claim keeps its rows locked, in one "
                    + "transaction, while it waits for the broker's confirmations; the messages confirmed within it are "
                    + "written once (SENT), the others are leased and finish as before. Bounds how long row locks and a "
                    + "connection are held. 0 turns it off. Must be shorter than a quarter of the lease.");

    /** Every setting of the dispatcher, in the order of the record's components. */
    public static final List<Setting<?>> SETTINGS = List.of(POLL_INTERVAL, MAX_POLL_INTERVAL, BATCH_SIZE, LEASE,
            SEND_TIMEOUT, SHUTDOWN_TIMEOUT, THREADS, CLAIM_STRATEGY, HANDOFF_CAPACITY, HANDLER_THREADS,
            HANDLER_QUEUE_CAPACITY, OUTAGE_PROBE_INTERVAL, LOCKED_SEND_WINDOW);

    /**
     * @param pollInterval how often an idle dispatcher looks for due rows (commits in this instance
     * wake it at once)
     * @param maxPollInterval the longest poll interval that idle back-off reaches
     * @param batchSize the most rows claimed and sent in one cycle
     * @param lease how long a claimed row stays with this instance before others may claim it again
     * @param sendTimeout how long a cycle waits for the broker to confirm its sends, renewing the leases of
     * the sends still running
     * @param shutdownTimeout how long stopping waits for the batches in flight and the running local handlers
     * before it interrupts them
     * @param threads the number of dispatch loops in this instance
     * @param claimStrategy how rows are claimed
     * @param handoffCapacity the most committed messages waiting in memory for this instance's loop;
     * beyond it they are claimed once their lease ends; 0 turns the hand-off off
     * @param handlerThreads the most local handlers that run at once; each holds a database connection
     * for its transaction while it runs
     * @param handlerQueueCapacity the most local handlers waiting for a thread of the dispatcher's pool; a message
     * whose handler finds it full is not attempted and comes due again a lease later
     * @param outageProbeInterval how often a route paused by an unreachable broker sends one probe message
     * @param lockedSendWindow how long a skip-locked claim holds its rows locked while it waits for the broker's
     * confirmations; zero turns it off
     * @throws dev.outbox.settings.SettingException naming the setting that is out of range
     */
    public DispatcherSettings {
        CLAIM_STRATEGY.check(claimStrategy);
        POLL_INTERVAL.check(pollInterval);
        MAX_POLL_INTERVAL.check(maxPollInterval);
        LEASE.check(lease);
        SEND_TIMEOUT.check(sendTimeout);
        SHUTDOWN_TIMEOUT.check(shutdownTimeout);
        if (maxPollInterval.compareTo(pollInterval) < 0) {
            throw MAX_POLL_INTERVAL.invalid("(" + maxPollInterval + ") must not be shorter than poll-interval ("
                    + pollInterval + ")");
        }
        BATCH_SIZE.check(batchSize);
        THREADS.check(threads);
        HANDOFF_CAPACITY.check(handoffCapacity);
        HANDLER_THREADS.check(handlerThreads);
        HANDLER_QUEUE_CAPACITY.check(handlerQueueCapacity);
        OUTAGE_PROBE_INTERVAL.check(outageProbeInterval);
        LOCKED_SEND_WINDOW.check(lockedSendWindow);
        if (lockedSendWindow.multipliedBy(4).compareTo(lease) >= 0) {
            throw LOCKED_SEND_WINDOW.invalid("(" + lockedSendWindow + ") must be shorter than a quarter of lease ("
                    + lease + "): the rows a claim holds locked have their leases renewed every quarter lease; set "
                    + "it lower, or 0 to turn it off");
        }
    }

    /**
     * @return whether a skip-locked claim holds its rows locked while it waits for the confirmations
     */
    public boolean locksWhileSending() {
        return !this.lockedSendWindow.isZero();
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

    /**
     * @param source where the settings are read from; each one it does not have takes its default
     * @return the validated settings
     * @throws dev.outbox.settings.SettingException naming the setting that is out of range
     */
    public static DispatcherSettings from(SettingSource source) {
        return new DispatcherSettings(POLL_INTERVAL.valueIn(source), MAX_POLL_INTERVAL.valueIn(source),
                BATCH_SIZE.valueIn(source), LEASE.valueIn(source), SEND_TIMEOUT.valueIn(source),
                SHUTDOWN_TIMEOUT.valueIn(source), THREADS.valueIn(source), CLAIM_STRATEGY.valueIn(source),
                HANDOFF_CAPACITY.valueIn(source), HANDLER_THREADS.valueIn(source), HANDLER_QUEUE_CAPACITY.valueIn(source),
                OUTAGE_PROBE_INTERVAL.valueIn(source), LOCKED_SEND_WINDOW.valueIn(source));
    }

    /**
     * Builds {@link DispatcherSettings}, starting from the defaults.
     */
    public static final class Builder {

        private Duration pollInterval = POLL_INTERVAL.defaultValue();

        private Duration maxPollInterval = MAX_POLL_INTERVAL.defaultValue();

        private int batchSize = BATCH_SIZE.defaultValue();

        private Duration lease = LEASE.defaultValue();

        private Duration sendTimeout = SEND_TIMEOUT.defaultValue();

        private Duration shutdownTimeout = SHUTDOWN_TIMEOUT.defaultValue();

        private int threads = THREADS.defaultValue();

        private ClaimStrategy claimStrategy = CLAIM_STRATEGY.defaultValue();

        private int handoffCapacity = HANDOFF_CAPACITY.defaultValue();

        private int handlerThreads = HANDLER_THREADS.defaultValue();

        private int handlerQueueCapacity = HANDLER_QUEUE_CAPACITY.defaultValue();

        private Duration outageProbeInterval = OUTAGE_PROBE_INTERVAL.defaultValue();

        private Duration lockedSendWindow = LOCKED_SEND_WINDOW.defaultValue();

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
         * @param handlerQueueCapacity see {@link DispatcherSettings#handlerQueueCapacity()}
         * @return this builder
         */
        public Builder handlerQueueCapacity(int handlerQueueCapacity) {
            this.handlerQueueCapacity = handlerQueueCapacity;
            return this;
        }

        /**
         * @param outageProbeInterval see {@link DispatcherSettings#outageProbeInterval()}
         * @return this builder
         */
        public Builder outageProbeInterval(Duration outageProbeInterval) {
            this.outageProbeInterval = outageProbeInterval;
            return this;
        }

        /**
         * @param lockedSendWindow see {@link DispatcherSettings#lockedSendWindow()}
         * @return this builder
         */
        public Builder lockedSendWindow(Duration lockedSendWindow) {
            this.lockedSendWindow = lockedSendWindow;
            return this;
        }

        /**
         * @return the validated settings
         */
        public DispatcherSettings build() {
            return new DispatcherSettings(this.pollInterval, this.maxPollInterval, this.batchSize, this.lease,
                    this.sendTimeout, this.shutdownTimeout, this.threads, this.claimStrategy, this.handoffCapacity,
                    this.handlerThreads, this.handlerQueueCapacity, this.outageProbeInterval, this.lockedSendWindow);
        }
    }
}
