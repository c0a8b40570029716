/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/**
 * Business transactions started at a steady rate on a few threads, as by an application under
 * constant load, numbered 0, 1, 2, ... in the order they start; counts the ones that failed. Runs
 * from {@link #start} until {@link #stop}; closing it ends its threads in any case.
 */
final class SteadyWrites implements AutoCloseable {

    /** How many transactions may run at once: enough for the few hundred per second the phases start. */
    static final int THREADS = 4;

    private final AtomicLong sequence = new AtomicLong();

    private final LongAdder failed = new LongAdder();

    private final ExecutorService writers = Executors.newFixedThreadPool(THREADS);

    private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();

    private SteadyWrites() {
    }

    /**
     * @param perSecond how many transactions start per second
     * @param transaction runs transaction number n, in a transaction of its own
     * @return the running writes
     */
    static SteadyWrites start(int perSecond, LongConsumer transaction) {
        SteadyWrites writes = new SteadyWrites();
        writes.clock.scheduleAtFixedRate(() -> writes.writers.execute(() -> writes.run(transaction)), 0,
                1_000_000_000L / perSecond, TimeUnit.NANOSECONDS);
        return writes;
    }

    private void run(LongConsumer transaction) {
        long n = this.sequence.getAndIncrement();
        try {
            transaction.accept(n);
        }
        catch (RuntimeException ex) {
            this.failed.increment();
        }
    }

    /**
     * Starts no more transactions and waits for the ones started to end.
     *
     * @param timeout how long to wait at most
     * @throws IllegalStateException when they do not end in time
     */
    void stop(Duration timeout) {
        this.clock.shutdownNow();
        this.writers.shutdown();
        Waiting.until(this.writers::isTerminated, timeout, () -> "the writers did not finish");
    }

    /**
     * @return how many transactions have started so far
     */
    long started() {
        return this.sequence.get();
    }

    /**
     * @return how many of them failed
     */
    long failed() {
        return this.failed.sum();
    }

    @Override
    public void close() {
        this.clock.shutdownNow();
        this.writers.shutdownNow();
    }
}
