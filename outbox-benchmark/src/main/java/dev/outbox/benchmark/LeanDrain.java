/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.zaxxer.hikari.HikariDataSource;
import dev.outbox.spi.OutgoingMessage;

/**
 * The lean baseline's drain, as a user who writes an outbox by hand makes it: two workers, each with a
 * connection of its own, claim batches of 500 from the lean table with {@code FOR UPDATE SKIP LOCKED}, send
 * them, mark them sent with one UPDATE and commit; until neither finds a pending row.
 */
final class LeanDrain {

    /** The lean table's status of a message to send. */
    static final int PENDING = 0;

    private static final int SENT = 1;

    private static final int WORKERS = 2;

    private static final int BATCH_SIZE = 500;

    private final BenchmarkDatabase database;

    LeanDrain(BenchmarkDatabase database) {
        this.database = database;
    }

    /**
     * @param expected how many pending messages the lean table holds
     * @param sender the broker
     * @return what the drain took
     */
    DrainResult run(long expected, AckingSender sender) throws SQLException {
        StatementCounter counter = new StatementCounter();
        try (HikariDataSource pool = this.database.pool("lean-drain", WORKERS, counter)) {
            HandWrittenBatch batch = batch(this.database.dialect().supportsSkipLocked(pool));
            StatementCounter.Snapshot before = counter.snapshot();
            ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
            long started = System.nanoTime();
            try {
                List<Future<Void>> running = new ArrayList<>();
                for (int i = 0; i < WORKERS; i++) {
                    running.add(workers.submit(() -> {
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
                throw new IllegalStateException("the lean drain was interrupted", ex);
            }
            catch (ExecutionException ex) {
                throw new IllegalStateException("a lean drain worker failed", ex.getCause());
            }
            finally {
                workers.shutdownNow();
            }
            long elapsed = System.nanoTime() - started;
            return new DrainResult(expected, elapsed, new ClaimTally(), counter.snapshot().minus(before), false);
        }
    }

    private static HandWrittenBatch batch(boolean skipLocked) {
        return new HandWrittenBatch("SELECT id, message_key, topic, message_body FROM " + BenchmarkDatabase.LEAN_TABLE
                + " WHERE status = " + PENDING + " ORDER BY id LIMIT " + BATCH_SIZE
                + (skipLocked ? " FOR UPDATE SKIP LOCKED" : " FOR UPDATE"), HandWrittenBatch.Parameters.NONE,
                row -> new OutgoingMessage(row.getLong(1), row.getString(2), Payloads.TYPE, row.getString(3), null,
                        Map.of(), row.getString(4), 1),
                "UPDATE " + BenchmarkDatabase.LEAN_TABLE + " SET status = " + SENT + " WHERE id IN ",
                HandWrittenBatch.Parameters.NONE);
    }
}
