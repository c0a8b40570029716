/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loop of one dispatch thread: sleep until a commit, a due claim or a retry wakes it; run a
 * cycle; claim again at once while claims come back full or make progress; back off while the table
 * has nothing due.
 */
final class DispatchLoop implements Runnable {

    private static final Logger logger = LoggerFactory.getLogger(DispatchLoop.class);

    private final DispatchCycle cycle;

    private final WakeSignal signal;

    private final AtomicBoolean running;

    private final DispatcherSettings settings;

    private final boolean slowRetryEnabled;

    private final Clock clock;

    private Duration idleInterval;

    private Instant nextFailedScan = Instant.MIN;

    DispatchLoop(DispatchCycle cycle, WakeSignal signal, AtomicBoolean running, DispatcherSettings settings,
            boolean slowRetryEnabled, Clock clock) {
        this.cycle = cycle;
        this.signal = signal;
        this.running = running;
        this.settings = settings;
        this.slowRetryEnabled = slowRetryEnabled;
        this.clock = clock;
        this.idleInterval = settings.pollInterval();
    }

    @Override
    public void run() {
        while (this.running.get()) {
            try {
                DispatchCycle.Result result = runCycle();
                if (result.processed() == 0) {
                    this.signal.await(this.settings.maxPollInterval());
                }
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            }
            catch (VirtualMachineError ex) {
                throw ex;
            }
            catch (RuntimeException | Error ex) {
                logger.warn("Outbox dispatch cycle failed; trying again in {}", this.settings.pollInterval(), ex);
                this.signal.claimNoLaterThan(this.clock.instant().plus(this.settings.pollInterval()));
                awaitQuietly(this.settings.pollInterval());
            }
        }
    }

    private DispatchCycle.Result runCycle() {
        boolean claim = this.signal.takeDueClaim();
        Instant now = this.clock.instant();
        boolean claimFailed = claim && this.slowRetryEnabled && !now.isBefore(this.nextFailedScan);
        if (claimFailed) {
            this.nextFailedScan = now.plus(this.settings.maxPollInterval());
        }
        DispatchCycle.Result result = this.cycle.run(claim, claimFailed);
        if (claim) {
            // Taking the claim unscheduled the next one; requests made meanwhile are kept by the minimum.
            this.signal.claimNoLaterThan(nextClaimTime(result));
        }
        else if (result.claimAgain()) {
            this.signal.claimNoLaterThan(this.clock.instant());
        }
        if (result.earliestRetry() != null) {
            this.signal.retryNoLaterThan(result.earliestRetry());
        }
        return result;
    }

    private Instant nextClaimTime(DispatchCycle.Result result) {
        Instant now = this.clock.instant();
        if (result.claimAgain()) {
            this.idleInterval = this.settings.pollInterval();
            return now;
        }
        if (result.processed() > 0) {
            this.idleInterval = this.settings.pollInterval();
            return now.plus(this.idleInterval);
        }
        Instant next = now.plus(this.idleInterval);
        Duration doubled = this.idleInterval.multipliedBy(2);
        this.idleInterval = (doubled.compareTo(this.settings.maxPollInterval()) > 0)
                ? this.settings.maxPollInterval() : doubled;
        return next;
    }

    private void awaitQuietly(Duration duration) {
        try {
            this.signal.await(duration);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }
}
