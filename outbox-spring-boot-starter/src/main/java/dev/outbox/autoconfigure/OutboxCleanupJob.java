/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.outbox.MessageState;
import dev.outbox.cleanup.CleanupResult;
import dev.outbox.cleanup.OutboxCleaner;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs the {@link OutboxCleaner} on a daemon thread of its own, a first time after the initial delay
 * and then each interval after the previous run ended, independent of the application's scheduling.
 * A run that deleted something logs one INFO line with its counts; a run that failed logs a WARN and
 * the next run comes at the next interval. Stopping interrupts the run in progress, which ends after
 * its current batch.
 */
final class OutboxCleanupJob implements SmartLifecycle {

    private static final Logger logger = LoggerFactory.getLogger(OutboxCleanupJob.class);

    /** How long stopping waits for the batch in progress. */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private final OutboxCleaner cleaner;

    private final Clock clock;

    private final Duration initialDelay;

    private final Duration interval;

    private @Nullable ScheduledExecutorService executor;

    OutboxCleanupJob(OutboxCleaner cleaner, Clock clock, Duration initialDelay, Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalStateException("outbox.cleanup.interval must be positive, was " + interval);
        }
        if (initialDelay.isNegative()) {
            throw new IllegalStateException("outbox.cleanup.initial-delay must not be negative, was " + initialDelay);
        }
        this.cleaner = cleaner;
        this.clock = clock;
        this.initialDelay = initialDelay;
        this.interval = interval;
    }

    @Override
    public synchronized void start() {
        if (this.executor == null) {
            this.executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "outbox-cleanup");
                thread.setDaemon(true);
                return thread;
            });
            this.executor.scheduleWithFixedDelay(this::runOnce, this.initialDelay.toMillis(), this.interval.toMillis(),
                    TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public synchronized void stop() {
        if (this.executor != null) {
            this.executor.shutdownNow();
            try {
                if (!this.executor.awaitTermination(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    logger.warn("The outbox cleanup did not finish its batch within {}; its transaction ends with "
                            + "its connection", STOP_TIMEOUT);
                }
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            this.executor = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return this.executor != null;
    }

    @Override
    public int getPhase() {
        return OutboxDispatcherLifecycle.PHASE;
    }

    /**
     * One run; never throws, so that the schedule goes on.
     */
    void runOnce() {
        try {
            Instant now = this.clock.instant();
            CleanupResult result = this.cleaner.runOnce(now);
            if (result.deletedAnything()) {
                logger.info("Outbox cleanup deleted {} messages (SENT {}, CONSUMED {}, FAILED {}; {} archived) "
                        + "modified before {} and {} inbox keys, in {} batches and {} ms{}", result.totalDeleted(),
                        result.deleted(MessageState.SENT), result.deleted(MessageState.CONSUMED),
                        result.deleted(MessageState.FAILED), result.archived(),
                        now.minus(this.cleaner.settings().retention()), result.inboxDeleted(), result.batches(),
                        result.took().toMillis(),
                        result.stoppedEarly() ? "; stopped at the run's limit, the next run continues" : "");
            }
        }
        catch (RuntimeException ex) {
            logger.warn("Outbox cleanup failed; it runs again in {}", this.interval, ex);
        }
    }
}
