/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

import dev.outbox.message.MessageState;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Deletes old rows from the outbox table, optionally copying them to the archive table first, a
 * batch at a time. It decides nothing: {@code dev.outbox.cleanup.OutboxCleaner} does.
 *
 * <p>Each batch is one short READ COMMITTED transaction: it finds the oldest rows of a state through
 * the due index {@code (state, next_retry_at, id)}, by the time they reached the state
 * ({@link CleanupStatements}), and deletes them by id. Under READ COMMITTED MySQL locks only the rows
 * deleted, no gaps, so writers inserting new rows never wait for the cleanup. The delete re-checks state
 * and age, so a row that changed in the meantime (re-driven, consumed, leased by the slow retry) stays,
 * and a row that another cleaner deleted first is simply not counted.
 */
public final class CleanupRepository {

    private final NamedParameterJdbcTemplate jdbc;

    private final CleanupStatements statements;

    private final TransactionTemplate batchTransaction;

    /**
     * @param store the store whose outbox table this cleans, and whose archive table
     * {@link #archiveOldest} copies rows to
     */
    public CleanupRepository(JdbcStore store) {
        this.jdbc = store.named();
        this.statements = store.statements().cleanup();
        this.batchTransaction = store.readCommittedTransaction();
    }

    /**
     * Deletes the oldest rows of a state that reached it before a time, in one short transaction.
     *
     * @param state the state
     * @param cutoff rows that reached the state before it are deleted
     * @param limit the most rows to delete
     * @param after where the previous batch of this state stopped, or null to start from the oldest
     * @return what the batch did
     */
    public CleanupBatch deleteOldest(MessageState state, Instant cutoff, int limit, @Nullable DuePosition after) {
        return inTransaction(() -> {
            List<DuePosition> rows = oldest(state, cutoff, limit, after, false);
            int deleted = rows.isEmpty() ? 0 : this.jdbc.update(this.statements.delete, byIds(state, cutoff, rows));
            return batch(rows, deleted, 0);
        });
    }

    /**
     * Copies the oldest rows of a state that reached it before a time to the archive table and deletes
     * them, in one short transaction. The rows are locked first, so that exactly the rows copied are
     * deleted.
     *
     * @param state the state
     * @param cutoff rows that reached the state before it are archived
     * @param limit the most rows to archive
     * @param after where the previous batch of this state stopped, or null to start from the oldest
     * @param archivedAt the time recorded as each row's {@code archived_at}
     * @return what the batch did
     */
    public CleanupBatch archiveOldest(MessageState state, Instant cutoff, int limit, @Nullable DuePosition after,
            Instant archivedAt) {
        return inTransaction(() -> {
            List<DuePosition> rows = oldest(state, cutoff, limit, after, true);
            if (rows.isEmpty()) {
                return batch(rows, 0, 0);
            }
            MapSqlParameterSource byIds = byIds(state, cutoff, rows);
            int archived = this.jdbc.update(this.statements.archive, byIds.addValue("archivedAt",
                    Timestamps.toColumn(archivedAt)));
            int deleted = this.jdbc.update(this.statements.delete, byIds);
            return batch(rows, deleted, archived);
        });
    }

    private List<DuePosition> oldest(MessageState state, Instant cutoff, int limit,
            @Nullable DuePosition after, boolean lock) {
        MapSqlParameterSource parameters = old(state, cutoff).addValue("limit", limit);
        String query;
        if (after == null) {
            query = lock ? this.statements.lockOldest : this.statements.selectOldest;
        }
        else {
            query = lock ? this.statements.lockOldestAfter : this.statements.selectOldestAfter;
            parameters.addValue("afterDueAt", Timestamps.toColumn(after.dueAt())).addValue("afterId", after.id());
        }
        return this.jdbc.query(query, parameters, OutboxRows.POSITION);
    }

    private static MapSqlParameterSource byIds(MessageState state, Instant cutoff, List<DuePosition> rows) {
        return old(state, cutoff).addValue("ids", rows.stream().map(DuePosition::id).toList());
    }

    private static MapSqlParameterSource old(MessageState state, Instant cutoff) {
        return new MapSqlParameterSource()
                .addValue("state", state.name())
                .addValue("cutoff", Timestamps.toColumn(cutoff));
    }

    private static CleanupBatch batch(List<DuePosition> rows, int deleted, int archived) {
        return new CleanupBatch(rows.size(), deleted, archived, rows.isEmpty() ? null : rows.get(rows.size() - 1));
    }

    private CleanupBatch inTransaction(Supplier<CleanupBatch> work) {
        CleanupBatch batch = this.batchTransaction.execute(status -> work.get());
        if (batch == null) {
            throw new IllegalStateException("the cleanup batch's transaction returned nothing");
        }
        return batch;
    }
}
