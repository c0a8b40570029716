/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/**
 * Runs a number of business transactions on a number of threads as fast as they go, and counts the
 * ones that failed.
 */
final class WriteLoad {

    private final int threads;

    private final Duration timeout;

    WriteLoad(int threads, Duration timeout) {
        this.threads = threads;
        this.timeout = timeout;
    }

    /**
     * @param transactions how many transactions to run
     * @param transaction runs transaction number n, in a transaction of its own
     * @return how long they took and which failed
     */
    Result run(int transactions, LongConsumer transaction) {
        AtomicLong next = new AtomicLong();
        LongAdder failed = new LongAdder();
        Map<String, Integer> failures = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(this.threads);
        long started = System.nanoTime();
        for (int t = 0; t < this.threads; t++) {
            pool.execute(() -> {
                for (long n = next.getAndIncrement(); n < transactions; n = next.getAndIncrement()) {
                    try {
                        transaction.accept(n);
                    }
                    catch (RuntimeException ex) {
                        failed.increment();
                        failures.merge(ex.getClass().getSimpleName() + ": " + ex.getMessage(), 1, Integer::sum);
                    }
                }
            });
        }
        pool.shutdown();
        try {
            if (!pool.awaitTermination(this.timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                pool.shutdownNow();
                throw new IllegalStateException(transactions + " transactions did not finish within " + this.timeout);
            }
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", ex);
        }
        return new Result(transactions, System.nanoTime() - started, failed.sum(), Map.copyOf(failures));
    }

    /**
     * @param transactions how many ran
     * @param elapsedNanos how long they took together
     * @param failed how many threw
     * @param failures each distinct failure and how often it happened
     */
    record Result(long transactions, long elapsedNanos, long failed, Map<String, Integer> failures) {

        double perSecond() {
            return this.transactions * 1e9 / this.elapsedNanos;
        }

        Result plus(Result other) {
            Map<String, Integer> merged = new ConcurrentHashMap<>(this.failures);
            other.failures.forEach((failure, count) -> merged.merge(failure, count, Integer::sum));
            return new Result(this.transactions + other.transactions, this.elapsedNanos + other.elapsedNanos,
                    this.failed + other.failed, Map.copyOf(merged));
        }
    }
}
