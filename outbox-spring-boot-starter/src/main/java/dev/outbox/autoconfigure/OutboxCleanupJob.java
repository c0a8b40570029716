/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import dev.outbox.cleanup.CleanupResult;
import dev.outbox.cleanup.OutboxCleaner;
import dev.outbox.message.MessageState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the {@link OutboxCleaner} on the {@link OutboxScheduler}, a first time after the initial delay and
 * then each interval after the previous run ended. A run that deleted something logs one INFO line with its
 * counts; a run that failed logs a WARN and the next run comes at the next interval. Stopping the scheduler
 * interrupts the run in progress, which ends after its current batch.
 */
final class OutboxCleanupJob implements PeriodicJob {

    private static final Logger logger = LoggerFactory.getLogger(OutboxCleanupJob.class);

    private final OutboxCleaner cleaner;

    private final Clock clock;

    private final Duration initialDelay;

    private final Duration interval;

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
    public Duration initialDelay() {
        return this.initialDelay;
    }

    @Override
    public Duration interval() {
        return this.interval;
    }

    @Override
    public void runOnce() {
        try {
            Instant now = this.clock.instant();
            CleanupResult result = this.cleaner.runOnce(now);
            if (result.deletedAnything()) {
                logger.info("Outbox cleanup deleted {} messages (SENT {}, CONSUMED {}, FAILED {}; {} archived) "
                        + "final before {} and {} inbox keys, in {} batches and {} ms{}", result.totalDeleted(),
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
