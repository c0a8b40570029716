/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that stands still until a test moves it.
 */
public final class MutableClock extends Clock {

    private final AtomicReference<Instant> now;

    /**
     * @param start the time the clock shows first
     */
    public MutableClock(Instant start) {
        this.now = new AtomicReference<>(start);
    }

    /**
     * @param duration how far to move the clock forward
     */
    public void advance(Duration duration) {
        this.now.updateAndGet(current -> current.plus(duration));
    }

    /**
     * @param instant the time the clock shows from now on
     */
    public void set(Instant instant) {
        this.now.set(instant);
    }

    @Override
    public Instant instant() {
        return this.now.get();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the outbox stores UTC only");
    }
}
