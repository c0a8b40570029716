/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import com.zaxxer.hikari.HikariDataSource;
import dev.outbox.spi.OutgoingMessage;

/**
 * The baseline drain: the fastest straightforward plain-JDBC loop. One connection kept in a
 * transaction at READ COMMITTED; claim a batch with {@code FOR UPDATE SKIP LOCKED}, send it, mark it
 * SENT with one UPDATE, commit. It keeps its locks while sending, which the outbox must not do.
 */
final class PlainDrain {

    private static final int BATCH_SIZE = 100;

    private final BenchmarkDatabase database;

    PlainDrain(BenchmarkDatabase database) {
        this.database = database;
    }

    /**
     * @param expected how many due messages the table holds
     * @param sender the broker
     * @return what the drain took
     */
    DrainResult run(long expected, AckingSender sender) throws SQLException {
        StatementCounter counter = new StatementCounter();
        boolean skipLocked;
        try (HikariDataSource pool = this.database.pool("plain-drain", 1, counter)) {
            skipLocked = this.database.dialect().supportsSkipLocked(pool);
            String claim = "SELECT id, message_key, message_type, topic, message_body FROM " + BenchmarkDatabase.OUTBOX_TABLE
                    + " WHERE state = 'PENDING' AND next_retry_at <= ? ORDER BY next_retry_at, id LIMIT " + BATCH_SIZE
                    + (skipLocked ? " FOR UPDATE SKIP LOCKED" : " FOR UPDATE");
            StatementCounter.Snapshot before = counter.snapshot();
            long started = System.nanoTime();
            try (Connection connection = pool.getConnection()) {
                connection.setAutoCommit(false);
                connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                while (drainBatch(connection, claim, sender) > 0) {
                    connection.commit();
                }
                connection.commit();
            }
            long elapsed = System.nanoTime() - started;
            return new DrainResult(expected, elapsed, new ClaimTally(), counter.snapshot().minus(before), false);
        }
    }

    private static int drainBatch(Connection connection, String claim, AckingSender sender) throws SQLException {
        List<OutgoingMessage> batch = new ArrayList<>(BATCH_SIZE);
        try (PreparedStatement select = connection.prepareStatement(claim)) {
            select.setObject(1, LocalDateTime.now(ZoneOffset.UTC));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    batch.add(new OutgoingMessage(rows.getLong(1), rows.getString(2), rows.getString(3),
                            rows.getString(4), null, Map.of(), rows.getString(5), 1));
                }
            }
        }
        if (batch.isEmpty()) {
            return 0;
        }
        List<CompletableFuture<String>> sends = batch.stream().map(m -> sender.send(m).toCompletableFuture()).toList();
        CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).join();
        try (PreparedStatement update = connection.prepareStatement("UPDATE " + BenchmarkDatabase.OUTBOX_TABLE
                + " SET state = 'SENT', last_retry_time = ?, gmt_modified = ? WHERE id IN ("
                + String.join(", ", Collections.nCopies(batch.size(), "?")) + ")")) {
            LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
            update.setObject(1, now);
            update.setObject(2, now);
            for (int i = 0; i < batch.size(); i++) {
                update.setLong(i + 3, batch.get(i).id());
            }
            update.executeUpdate();
        }
        return batch.size();
    }
}
