/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.time.Duration;

import dev.outbox.idempotency.IdempotencyKeys;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the idempotency keys older than {@code outbox.idempotency.retention} on the {@link OutboxScheduler}, on
 * the outbox cleanup's schedule ({@code outbox.cleanup.initial-delay} and {@code interval}). A run that deleted
 * something logs one INFO line with its count; a run that failed logs a WARN.
 */
final class IdempotencyCleanupJob implements PeriodicJob {

    private static final Logger logger = LoggerFactory.getLogger(IdempotencyCleanupJob.class);

    private final IdempotencyKeys keys;

    private final Duration retention;

    private final Clock clock;

    private final OutboxProperties.Cleanup schedule;

    IdempotencyCleanupJob(IdempotencyKeys keys, Duration retention, Clock clock, OutboxProperties.Cleanup schedule) {
        this.keys = keys;
        this.retention = retention;
        this.clock = clock;
        this.schedule = schedule;
    }

    @Override
    public Duration initialDelay() {
        return this.schedule.getInitialDelay();
    }

    @Override
    public Duration interval() {
        return this.schedule.getInterval();
    }

    @Override
    public void runOnce() {
        try {
            long deleted = this.keys.deleteCreatedBefore(this.clock.instant().minus(this.retention));
            if (deleted > 0) {
                logger.info("Outbox cleanup deleted {} idempotency keys older than {}", deleted, this.retention);
            }
        }
        catch (RuntimeException ex) {
            logger.warn("Outbox cleanup of idempotency keys failed; it runs again in {}", this.schedule.getInterval(),
                    ex);
        }
    }
}
