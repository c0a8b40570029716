/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The outbox's clock in a test: it stands still, so that what is due does not change while the test runs, and
 * moves only when the test moves it, so that a retry, a delayed message or a lease comes due when the test says.
 * Times are whole milliseconds, as the outbox's table stores them. Safe to use from several threads.
 *
 * <pre>{@code
 * kit.sender().failType("order.created", SendFailure.MESSAGE);
 * kit.drain();                                   // the first attempt fails; the retry is due later
 * kit.sender().stopFailing();
 * kit.clock().advance(Duration.ofMinutes(1));    // past the retry delay
 * kit.drain();                                   // the retry is sent
 * }</pre>
 */
public final class OutboxTestClock extends Clock {

    private final AtomicReference<Instant> now;

    /**
     * A clock that shows the time it was made at, to the millisecond.
     */
    public OutboxTestClock() {
        this(Instant.now());
    }

    /**
     * @param start the time the clock shows until it is moved, cut to the millisecond
     */
    public OutboxTestClock(Instant start) {
        this.now = new AtomicReference<>(millis(start));
    }

    /**
     * Moves the clock forward.
     *
     * @param duration how far, not negative: the outbox's times never go back
     * @return the time it shows now
     */
    public Instant advance(Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException("The outbox's clock cannot go back; advance it by a duration of 0 or "
                    + "more, not " + duration);
        }
        return this.now.updateAndGet(current -> millis(current.plus(duration)));
    }

    @Override
    public Instant instant() {
        return this.now.get();
    }

    /**
     * @return UTC, the only zone the outbox stores times in
     */
    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    /**
     * @param zone UTC
     * @return this clock
     * @throws UnsupportedOperationException for any other zone: the outbox stores times in UTC only
     */
    @Override
    public Clock withZone(ZoneId zone) {
        if (!Objects.equals(zone.normalized(), ZoneOffset.UTC)) {
            throw new UnsupportedOperationException("The outbox's clock is UTC only, not " + zone);
        }
        return this;
    }

    private static Instant millis(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS);
    }

    @Override
    public String toString() {
        return "OutboxTestClock[" + instant() + "]";
    }
}
