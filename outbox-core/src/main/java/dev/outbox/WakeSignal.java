/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * When the dispatch loops should next claim from the table, and the wake-up of loops that sleep
 * until then or until committed messages are handed to them.
 */
final class WakeSignal {

    private final ReentrantLock lock = new ReentrantLock();

    private final Condition changed = this.lock.newCondition();

    private final Clock clock;

    private Instant claimAt = Instant.MIN;

    /**
     * The earliest retry of a failed message not yet covered by a claim. Kept apart from
     * {@link #claimAt}, which taking a claim unschedules: a claim that a commit asked for before the
     * retry was due must not make the loop forget the retry.
     */
    private Instant retryAt = Instant.MAX;

    private boolean workHandedOff;

    private boolean stopped;

    WakeSignal(Clock clock) {
        this.clock = clock;
    }

    /** Asks for a claim no later than {@code at}; an earlier request stands. */
    void claimNoLaterThan(Instant at) {
        this.lock.lock();
        try {
            if (at.isBefore(this.claimAt)) {
                this.claimAt = at;
                this.changed.signalAll();
            }
        }
        finally {
            this.lock.unlock();
        }
    }

    /** Asks for a claim no later than when a failed message is due again; an earlier request stands. */
    void retryNoLaterThan(Instant at) {
        this.lock.lock();
        try {
            if (at.isBefore(this.retryAt)) {
                this.retryAt = at;
                this.changed.signalAll();
            }
        }
        finally {
            this.lock.unlock();
        }
    }

    void workHandedOff() {
        this.lock.lock();
        try {
            this.workHandedOff = true;
            this.changed.signalAll();
        }
        finally {
            this.lock.unlock();
        }
    }

    /**
     * @return true, for exactly one caller, when a claim is due; the next one is then unscheduled
     * until the caller schedules it
     */
    boolean takeDueClaim() {
        this.lock.lock();
        try {
            Instant now = this.clock.instant();
            if (this.claimAt.isAfter(now) && this.retryAt.isAfter(now)) {
                return false;
            }
            this.claimAt = Instant.MAX;
            if (!this.retryAt.isAfter(now)) {
                this.retryAt = Instant.MAX;
            }
            return true;
        }
        finally {
            this.lock.unlock();
        }
    }

    /**
     * Sleeps until a claim is due, work is handed off, the loops are stopped, or {@code maxWait}
     * passes.
     */
    void await(Duration maxWait) throws InterruptedException {
        this.lock.lock();
        try {
            long deadline = System.nanoTime() + maxWait.toNanos();
            while (!this.workHandedOff && !this.stopped) {
                Instant next = this.claimAt.isBefore(this.retryAt) ? this.claimAt : this.retryAt;
                Duration untilClaim = Duration.between(this.clock.instant(), next);
                long waitNanos = Math.min(deadline - System.nanoTime(), nanosOf(untilClaim));
                if (waitNanos <= 0) {
                    break;
                }
                this.changed.await(waitNanos, TimeUnit.NANOSECONDS);
            }
            this.workHandedOff = false;
        }
        finally {
            this.lock.unlock();
        }
    }

    void start() {
        this.lock.lock();
        try {
            this.stopped = false;
        }
        finally {
            this.lock.unlock();
        }
    }

    void stop() {
        this.lock.lock();
        try {
            this.stopped = true;
            this.changed.signalAll();
        }
        finally {
            this.lock.unlock();
        }
    }

    private static long nanosOf(Duration duration) {
        try {
            return duration.toNanos();
        }
        catch (ArithmeticException ex) {
            return duration.isNegative() ? 0 : Long.MAX_VALUE;
        }
    }
}
