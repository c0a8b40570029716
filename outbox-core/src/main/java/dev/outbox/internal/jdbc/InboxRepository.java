/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads and writes the inbox table, where each consumer group records the idempotency keys it has
 * consumed. It decides nothing: {@code dev.outbox.consumer.inbox.Inbox} does.
 *
 * <p>It also keeps each consumer group's position in the sequences of ordering keys, the last number it
 * consumed of each key, in the inbox table's sequence table.
 *
 * <p>Keys and positions are recorded in the caller's transaction. Old keys are deleted in short transactions of
 * their own at READ COMMITTED, a small batch at a time, so that no long lock holds up consumers.
 */
public final class InboxRepository {

    private final ParsedOnceJdbcTemplate jdbc;

    private final InboxStatements statements;

    private final JdbcStore store;

    private final TransactionTemplate deleteTransaction;

    /**
     * @param store the store whose inbox table this reads and writes
     */
    public InboxRepository(JdbcStore store) {
        this.jdbc = store.named();
        this.statements = store.statements().inbox();
        this.store = store;
        this.deleteTransaction = store.readCommittedTransaction();
    }

    /**
     * @return the store the inbox writes to; consumers must run in a transaction on its data source
     */
    public JdbcStore store() {
        return this.store;
    }

    /**
     * Records a key in the current transaction unless the group has recorded it. While another
     * transaction holds the same key uncommitted, this waits for it to end.
     *
     * @param consumerGroup the validated consumer group
     * @param idempotencyKey the validated key
     * @param messageType the validated message type, or null
     * @param consumedAt now
     * @return the new row's id, or empty when the key was recorded before
     */
    public OptionalLong insertUnlessExists(String consumerGroup, String idempotencyKey, @Nullable String messageType,
            Instant consumedAt) {
        return InsertUnlessExists.run(this.jdbc, this.statements.insert, byKey(consumerGroup, idempotencyKey)
                // Typed, so that a null does not make the driver describe the statement.
                .addValue("messageType", messageType, Types.VARCHAR)
                .addValue("consumedAt", Timestamps.toColumn(consumedAt)));
    }

    /**
     * @param id the row {@link #insertUnlessExists} created in this transaction
     * @param result what consuming it produced
     */
    public void recordResult(long id, String result) {
        this.jdbc.update(this.statements.recordResult, new MapSqlParameterSource().addValue("result", result).addValue("id", id));
    }

    /**
     * @param consumerGroup the consumer group
     * @param idempotencyKey a key the group recorded
     * @param result what it stands for now
     */
    public void recordResult(String consumerGroup, String idempotencyKey, String result) {
        this.jdbc.update(this.statements.recordResultByKey, byKey(consumerGroup, idempotencyKey)
                .addValue("result", result));
    }

    /**
     * Reads what a key was recorded with, as {@link #recordedResult} does, where the key may not be recorded.
     *
     * @param consumerGroup the consumer group
     * @param idempotencyKey the key
     * @return the recorded result; empty when the key is not recorded, or recorded without a result
     */
    public Optional<String> resultIfRecorded(String consumerGroup, String idempotencyKey) {
        return this.jdbc.queryForList(this.statements.findResult, byKey(consumerGroup, idempotencyKey), String.class)
                .stream().filter(Objects::nonNull).findFirst();
    }

    /**
     * Removes a row this transaction created, when consuming it failed: even if the caller commits
     * anyway, a redelivery then consumes the key again.
     *
     * @param id the row {@link #insertUnlessExists} created in this transaction
     */
    public void forget(long id) {
        this.jdbc.update(this.statements.forget, new MapSqlParameterSource("id", id));
    }

    /**
     * Reads what the first consumption of a key recorded. On MySQL the read locks the row, so that
     * under REPEATABLE READ it sees a row committed after this transaction's snapshot was taken.
     *
     * @param consumerGroup the consumer group
     * @param idempotencyKey a key {@link #insertUnlessExists} found recorded
     * @return the recorded result, or null when none was recorded
     * @throws IllegalStateException when the key is not recorded (deleted in the meantime)
     */
    public @Nullable String recordedResult(String consumerGroup, String idempotencyKey) {
        List<String> results = this.jdbc.queryForList(this.statements.findResult, byKey(consumerGroup, idempotencyKey),
                String.class);
        if (results.isEmpty()) {
            throw new IllegalStateException("The inbox key '" + idempotencyKey + "' of consumer group '"
                    + consumerGroup + "' was a duplicate, but its row is gone");
        }
        return results.get(0);
    }

    /**
     * Locks a consumer group's position in a key's sequence until the current transaction ends. While another
     * transaction holds it, this waits for it to end. Only a key's first number starts the position, at 0: a later
     * number finds no position and is held without writing anything. That matters on MySQL and MariaDB, where
     * transactions waiting on a new position deadlock when the one that inserted it rolls back, as a held message
     * does.
     *
     * @param consumerGroup the validated consumer group
     * @param orderingKey the validated ordering key
     * @param sequence the number about to be consumed
     * @param now when a new position is started
     * @return the last number the group consumed of the key, 0 for none
     */
    public long lockPosition(String consumerGroup, String orderingKey, long sequence, Instant now) {
        MapSqlParameterSource position = byPosition(consumerGroup, orderingKey)
                .addValue("consumedAt", Timestamps.toColumn(now));
        if (sequence == 1) {
            this.jdbc.update(this.statements.startPosition, position);
        }
        List<Long> last = this.jdbc.queryForList(this.statements.lockPosition, position, Long.class);
        return last.isEmpty() ? 0 : last.get(0);
    }

    /**
     * Moves a position {@link #lockPosition} locked in this transaction on to the number just consumed.
     *
     * @param consumerGroup the consumer group
     * @param orderingKey the ordering key
     * @param sequence the number consumed
     * @param now when it was consumed
     */
    public void advancePosition(String consumerGroup, String orderingKey, long sequence, Instant now) {
        this.jdbc.update(this.statements.advancePosition, byPosition(consumerGroup, orderingKey)
                .addValue("sequence", sequence)
                .addValue("consumedAt", Timestamps.toColumn(now)));
    }

    /**
     * Deletes the rows consumed before a time, a batch per short transaction, until none is left.
     *
     * @param cutoff rows consumed before it are deleted
     * @param batchSize the most rows one transaction deletes
     * @return how many rows were deleted
     */
    public long deleteConsumedBefore(Instant cutoff, int batchSize) {
        return BatchedDeletes.olderThan(this.deleteTransaction, this.jdbc, this.statements.deleteConsumedBefore, cutoff, batchSize);
    }

    private static MapSqlParameterSource byPosition(String consumerGroup, String orderingKey) {
        return new MapSqlParameterSource().addValue("consumerGroup", consumerGroup)
                .addValue("orderingKey", orderingKey);
    }

    private static MapSqlParameterSource byKey(String consumerGroup, String idempotencyKey) {
        return new MapSqlParameterSource().addValue("consumerGroup", consumerGroup)
                .addValue("idempotencyKey", idempotencyKey);
    }
}
