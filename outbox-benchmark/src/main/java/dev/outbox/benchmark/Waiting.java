/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits, polling briefly, for something the benchmark measures to happen.
 */
final class Waiting {

    private static final long POLL_MILLIS = 2;

    private Waiting() {
    }

    /**
     * @param condition what must become true
     * @param timeout how long to wait at most
     * @param failure says what did not happen, when the timeout passes
     * @throws IllegalStateException when the timeout passes
     */
    static void until(BooleanSupplier condition, Duration timeout, Supplier<String> failure) {
        if (!within(condition, timeout)) {
            throw new IllegalStateException(failure.get() + " within " + timeout);
        }
    }

    /**
     * @param condition what should become true
     * @param timeout how long to wait at most
     * @return whether it became true before the timeout passed
     */
    static boolean within(BooleanSupplier condition, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            sleep(POLL_MILLIS);
        }
        return true;
    }

    /**
     * Waits until the broker has acknowledged a number of messages and as many rows are SENT in the
     * outbox table; the table is read only once the broker has them all.
     *
     * @param database the database under test
     * @param sender the broker
     * @param expected how many messages
     * @param timeout how long to wait at most
     * @return whether all were SENT before the timeout passed
     */
    static boolean allSent(BenchmarkDatabase database, AckingSender sender, long expected, Duration timeout) {
        return within(() -> sender.deliveries() >= expected
                && database.count(BenchmarkDatabase.OUTBOX_TABLE, "SENT") >= expected, timeout);
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", ex);
        }
    }
}
