/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import javax.sql.DataSource;

import dev.outbox.spi.OutgoingMessage;

/**
 * One batch of a hand-written drain, the baselines' loop body: claim rows with a locking SELECT, send them
 * all, then mark them all sent with one {@code UPDATE ... WHERE id IN (...)}, in the connection's open
 * transaction, which the caller commits.
 *
 * @param claim the locking SELECT
 * @param claimParameters binds its parameters
 * @param row reads a claimed row
 * @param markSent the UPDATE up to its id list: {@code UPDATE t SET ... WHERE id IN }
 * @param markParameters binds the UPDATE's parameters before the ids
 */
record HandWrittenBatch(String claim, Parameters claimParameters, RowReader row, String markSent,
        Parameters markParameters) {

    /**
     * Drains on one connection of the pool, in READ COMMITTED transactions of one batch each, until a batch
     * finds nothing to claim.
     */
    void drainAll(DataSource pool, AckingSender sender) throws SQLException {
        try (Connection connection = pool.getConnection()) {
            connection.setAutoCommit(false);
            connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            while (drain(connection, sender) > 0) {
                connection.commit();
            }
            connection.commit();
        }
    }

    /**
     * @return how many rows the batch claimed and sent; 0 when none was pending
     */
    private int drain(Connection connection, AckingSender sender) throws SQLException {
        List<OutgoingMessage> batch = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(this.claim)) {
            this.claimParameters.bind(select);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    batch.add(this.row.read(rows));
                }
            }
        }
        if (batch.isEmpty()) {
            return 0;
        }
        List<CompletableFuture<String>> sends = batch.stream().map(m -> sender.send(m).toCompletableFuture()).toList();
        CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).join();
        try (PreparedStatement update = connection.prepareStatement(
                this.markSent + "(" + String.join(", ", Collections.nCopies(batch.size(), "?")) + ")")) {
            int index = this.markParameters.bind(update);
            for (OutgoingMessage message : batch) {
                update.setLong(index++, message.id());
            }
            update.executeUpdate();
        }
        return batch.size();
    }

    /** Binds a statement's leading parameters, and returns the index after them. */
    @FunctionalInterface
    interface Parameters {

        /** Binds nothing. */
        Parameters NONE = statement -> 1;

        int bind(PreparedStatement statement) throws SQLException;
    }

    /** Reads one claimed row as the message to send. */
    @FunctionalInterface
    interface RowReader {

        OutgoingMessage read(ResultSet row) throws SQLException;
    }
}
