/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

import com.zaxxer.hikari.HikariDataSource;

/**
 * A baseline's drain, as plain JDBC: workers, each on a connection of its own, run {@link HandWrittenBatch}es
 * until none of them finds a row to claim; timed from their start until the last one stops.
 *
 * @param database where the table is
 * @param name the pool's name
 * @param workers how many workers drain at once
 * @param batch the batch, given whether the database skips locked rows
 */
record HandWrittenDrain(BenchmarkDatabase database, String name, int workers,
        Function<Boolean, HandWrittenBatch> batch) {

    /**
     * @param expected how many due messages the table holds
     * @param sender the broker
     * @return what the drain took
     */
    DrainResult run(long expected, AckingSender sender) throws SQLException {
        StatementCounter counter = new StatementCounter();
        try (HikariDataSource pool = this.database.pool(this.name, this.workers, counter)) {
            HandWrittenBatch batch = this.batch.apply(this.database.dialect().supportsSkipLocked(pool));
            StatementCounter.Snapshot before = counter.snapshot();
            ExecutorService executor = Executors.newFixedThreadPool(this.workers);
            long started = System.nanoTime();
            try {
                List<Future<Void>> running = new ArrayList<>();
                for (int i = 0; i < this.workers; i++) {
                    running.add(executor.submit(() -> {
                        batch.drainAll(pool, sender);
                        return null;
                    }));
                }
                for (Future<Void> worker : running) {
                    worker.get();
                }
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(this.name + " was interrupted", ex);
            }
            catch (ExecutionException ex) {
                throw new IllegalStateException("a worker of " + this.name + " failed", ex.getCause());
            }
            finally {
                executor.shutdownNow();
            }
            long elapsed = System.nanoTime() - started;
            return new DrainResult(expected, elapsed, new ClaimTally(), counter.snapshot().minus(before), false);
        }
    }
}
