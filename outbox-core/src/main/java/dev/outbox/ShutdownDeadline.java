/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Duration;

/**
 * The moment by which stopping the dispatcher must be done, shared by everything it waits for, so that the
 * waits add up to the shutdown timeout rather than to a multiple of it.
 *
 * @param nanoTime the moment, in {@link System#nanoTime()}
 * @param timeout the shutdown timeout it was set from, for messages
 */
record ShutdownDeadline(long nanoTime, Duration timeout) {

    static ShutdownDeadline after(Duration timeout) {
        return new ShutdownDeadline(System.nanoTime() + timeout.toNanos(), timeout);
    }

    /**
     * @return the time left in milliseconds; at least 1, so that a wait that starts late still looks once
     */
    long remainingMillis() {
        return Math.max(1, (this.nanoTime - System.nanoTime()) / 1_000_000);
    }
}
