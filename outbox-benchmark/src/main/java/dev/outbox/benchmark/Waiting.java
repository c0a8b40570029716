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
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(failure.get() + " within " + timeout);
            }
            sleep(POLL_MILLIS);
        }
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
