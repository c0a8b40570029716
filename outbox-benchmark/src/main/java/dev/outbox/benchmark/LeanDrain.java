/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.sql.SQLException;
import java.util.Map;

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

    private final HandWrittenDrain drain;

    LeanDrain(BenchmarkDatabase database) {
        this.drain = new HandWrittenDrain(database, "lean-drain", WORKERS, LeanDrain::batch);
    }

    /**
     * @param expected how many pending messages the lean table holds
     * @param sender the broker
     * @return what the drain took
     */
    DrainResult run(long expected, AckingSender sender) throws SQLException {
        return this.drain.run(expected, sender);
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
