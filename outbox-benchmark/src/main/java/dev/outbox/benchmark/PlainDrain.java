/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;

import dev.outbox.spi.OutgoingMessage;

/**
 * The baseline drain: the fastest straightforward plain-JDBC loop. One connection kept in a
 * transaction at READ COMMITTED; claim a batch with {@code FOR UPDATE SKIP LOCKED}, send it, mark it
 * SENT with one UPDATE, commit. It keeps its locks while sending, which the outbox must not do.
 */
final class PlainDrain {

    private static final int BATCH_SIZE = 100;

    private final HandWrittenDrain drain;

    PlainDrain(BenchmarkDatabase database) {
        this.drain = new HandWrittenDrain(database, "plain-drain", 1, PlainDrain::batch);
    }

    /**
     * @param expected how many due messages the table holds
     * @param sender the broker
     * @return what the drain took
     */
    DrainResult run(long expected, AckingSender sender) throws SQLException {
        return this.drain.run(expected, sender);
    }

    private static HandWrittenBatch batch(boolean skipLocked) {
        return new HandWrittenBatch("SELECT id, message_key, message_type, topic, message_body FROM "
                + BenchmarkDatabase.OUTBOX_TABLE + " WHERE state = 'PENDING' AND next_retry_at <= ? ORDER BY "
                + "next_retry_at, id LIMIT " + BATCH_SIZE + (skipLocked ? " FOR UPDATE SKIP LOCKED" : " FOR UPDATE"),
                select -> {
                    select.setObject(1, LocalDateTime.now(ZoneOffset.UTC));
                    return 2;
                },
                row -> new OutgoingMessage(row.getLong(1), row.getString(2), row.getString(3), row.getString(4), null,
                        Map.of(), row.getString(5), 1),
                "UPDATE " + BenchmarkDatabase.OUTBOX_TABLE + " SET state = 'SENT', last_retry_time = ?, gmt_modified = ? "
                        + "WHERE id IN ",
                update -> {
                    LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
                    update.setObject(1, now);
                    update.setObject(2, now);
                    return 3;
                });
    }
}
