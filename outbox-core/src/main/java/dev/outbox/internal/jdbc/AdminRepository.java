/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import dev.outbox.message.MessageState;
import dev.outbox.message.MessageSummary;
import dev.outbox.message.StoredMessage;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The operators' reads and writes of the outbox table. It decides nothing: {@code dev.outbox.admin.OutboxAdmin}
 * does.
 *
 * <p>Each change of one message is a single update guarded by the states it may leave, so that of two
 * concurrent calls only one matches the row. Every change increments the row's lock version: the outcome
 * of a send in flight is then not written over it.
 */
public final class AdminRepository {

    /**
     * The states of the backlog, the unsent messages (PENDING, FAILED, SUSPENDED): counted cheaply through the
     * due index, whatever history the table keeps.
     */
    public static final Set<MessageState> BACKLOG = StateLists.UNSENT;

    private static final int MAX_LAST_ERROR_LENGTH = 200;

    private static final RowMapper<MessageSummary> SUMMARY = (rs, rowNum) -> new MessageSummary(rs.getLong("id"),
            rs.getString("message_key"), rs.getString("message_type"), rs.getString("topic"),
            rs.getString("ordering_key"), MessageState.valueOf(rs.getString("state")), rs.getInt("retry_count"),
            instant(rs, "next_retry_at"), optionalInstant(rs, "last_retry_time"), rs.getString("message_id"),
            firstLine(rs.getString("fail_reason")), instant(rs, "gmt_create"), instant(rs, "gmt_modified"));

    private final NamedParameterJdbcTemplate jdbc;

    private final AdminStatements statements;

    private final TransactionTemplate batchTransaction;

    /**
     * @param store the store whose outbox table this reads and changes
     */
    public AdminRepository(JdbcStore store) {
        this.jdbc = store.named();
        this.statements = store.statements().admin();
        this.batchTransaction = store.readCommittedTransaction();
    }

    /**
     * Counts the rows of every state with one {@code GROUP BY}, which reads an entry of every row (of the due
     * index, or of the table): its cost grows with the SENT and CONSUMED history the table keeps.
     *
     * @return the number of rows of each of the five states, zeros included
     */
    public Map<MessageState, Long> countAll() {
        return counts(this.statements.countAll, EnumSet.allOf(MessageState.class));
    }

    /**
     * Counts the rows of the {@link #BACKLOG} states with one {@code GROUP BY} over their range of the due
     * index: its cost grows with the backlog only, not with the history.
     *
     * @return the number of PENDING, FAILED and SUSPENDED rows, zeros included
     */
    public Map<MessageState, Long> countBacklog() {
        return counts(this.statements.countBacklog, BACKLOG);
    }

    /**
     * @param now the current time
     * @return the earliest due time of the PENDING rows that are due (leased rows are not: their due time
     * is the end of the lease), read as the first entry of the due index's PENDING range
     */
    public Optional<Instant> oldestDue(Instant now) {
        return this.jdbc.queryForList(this.statements.oldestDue, new MapSqlParameterSource("now",
                Timestamps.toColumn(now)), LocalDateTime.class).stream().findFirst().map(Timestamps::fromColumn);
    }

    /**
     * @return when the oldest PENDING message (the lowest id) was saved, whether it is due, leased or waiting
     * for a retry: how long the outbox has been failing to deliver something
     */
    public Optional<Instant> oldestPendingSince() {
        return this.jdbc.queryForList(this.statements.oldestPending, new MapSqlParameterSource(), LocalDateTime.class)
                .stream().findFirst().map(Timestamps::fromColumn);
    }

    /**
     * @param id a row id
     * @return the whole row, if it exists
     */
    public Optional<StoredMessage> findById(long id) {
        return this.jdbc.query(this.statements.findById, new MapSqlParameterSource("id", id), OutboxRows.STORED)
                .stream().findFirst();
    }

    /**
     * Reads a row after a guarded update matched nothing, to tell why: on MySQL with a locking read, so that
     * inside a REPEATABLE READ transaction it sees the state the update saw, not an older snapshot.
     *
     * @param id a row id
     * @return the whole row as last committed, if it exists
     */
    public Optional<StoredMessage> findCurrent(long id) {
        return this.jdbc.query(this.statements.findCurrent, new MapSqlParameterSource("id", id), OutboxRows.STORED)
                .stream().findFirst();
    }

    /**
     * Reads rows in id order after an id, by the primary key (see docs/operations-endpoint.md for the plans).
     *
     * @param state only rows of this state, or null for all
     * @param type only rows of this message type, or null for all
     * @param afterId only rows with a greater id (0 for the first page)
     * @param limit the most rows
     * @return the rows, without their bodies and headers
     */
    public List<MessageSummary> page(@Nullable MessageState state, @Nullable String type, long afterId, int limit) {
        MapSqlParameterSource parameters = new MapSqlParameterSource()
                .addValue("afterId", afterId)
                .addValue("limit", limit);
        if (state != null) {
            parameters.addValue("state", state.name());
        }
        if (type != null) {
            parameters.addValue("type", type);
        }
        return this.jdbc.query(this.statements.page(state != null, type != null), parameters, SUMMARY);
    }

    /**
     * Reads SENT rows, sent before a time, that a consumer group has not recorded in the inbox table of this
     * store, by the row's message key or its id.
     *
     * @param consumerGroup the consumer group
     * @param sentBefore only rows marked SENT at or before this time
     * @param afterId only rows with a greater id (0 for the first page)
     * @param limit the most rows
     * @return the rows in id order, without their bodies and headers
     */
    public List<MessageSummary> unconsumed(String consumerGroup, Instant sentBefore, long afterId, int limit) {
        return this.jdbc.query(this.statements.unconsumed, new MapSqlParameterSource()
                .addValue("consumerGroup", consumerGroup)
                .addValue("sentBefore", Timestamps.toColumn(sentBefore))
                .addValue("afterId", afterId)
                .addValue("limit", limit), SUMMARY);
    }

    /**
     * Reads a batch of the rows marked SENT in a window, in the order they were marked SENT, then by id.
     *
     * @param afterTime only rows marked SENT at or after this time: the window's start for the first batch, then
     * the time of the last row read
     * @param afterId of the rows marked SENT at {@code afterTime}, only those with a greater id: 0 for the first
     * batch, then the last row's id
     * @param to only rows marked SENT before this time
     * @param limit the most rows
     * @return the rows, without their bodies and headers
     */
    public List<MessageSummary> sentBetween(Instant afterTime, long afterId, Instant to, int limit) {
        return this.jdbc.query(this.statements.sentBetween, new MapSqlParameterSource()
                .addValue("afterTime", Timestamps.toColumn(afterTime))
                .addValue("to", Timestamps.toColumn(to))
                .addValue("afterId", afterId)
                .addValue("limit", limit), SUMMARY);
    }

    /**
     * To PENDING, due now, with its retry count reset to 0.
     *
     * @param id the row id
     * @param from the states the row may leave (FAILED or SUSPENDED)
     * @param now the current time
     * @return whether the row was in one of those states and changed
     */
    public boolean retry(long id, Set<MessageState> from, Instant now) {
        return this.jdbc.update(this.statements.retry, change(id, from, now)) > 0;
    }

    /**
     * To SUSPENDED.
     *
     * @param id the row id
     * @param from the states the row may leave (PENDING or FAILED)
     * @param now the current time
     * @return whether the row was in one of those states and changed
     */
    public boolean suspend(long id, Set<MessageState> from, Instant now) {
        return this.jdbc.update(this.statements.suspend, change(id, from, now)) > 0;
    }

    /**
     * To PENDING, due now; the retry count is kept.
     *
     * @param id the row id
     * @param from the states the row may leave (SUSPENDED)
     * @param now the current time
     * @return whether the row was in one of those states and changed
     */
    public boolean resume(long id, Set<MessageState> from, Instant now) {
        return this.jdbc.update(this.statements.resume, change(id, from, now)) > 0;
    }

    /**
     * Takes an unsent row out of its ordering key: SUSPENDED, ordering key cleared, and the line
     * {@code skipped by an operator at <now>; ordering key was '<key>'} put before its fail reason.
     *
     * @param id the row id
     * @param from the states the row may leave (the {@link #BACKLOG}'s)
     * @param now the current time
     * @return whether the row was in one of those states with an ordering key and changed
     */
    public boolean skip(long id, Set<MessageState> from, Instant now) {
        return this.jdbc.update(this.statements.skip, change(id, from, now)
                .addValue("noteStart", "skipped by an operator at " + now + "; ordering key was '")
                .addValue("noteEnd", "'\n")) > 0;
    }

    /**
     * Changes every FAILED row of a type to PENDING, due now, with its retry count reset to 0: a batch per
     * short transaction, the lowest ids first, until none is left.
     *
     * @param type the message type
     * @param now the current time
     * @param batchSize the most rows one statement changes
     * @return how many rows were changed
     */
    public int retryFailed(String type, Instant now, int batchSize) {
        SqlParameterSource parameters = new MapSqlParameterSource()
                .addValue("now", Timestamps.toColumn(now))
                .addValue("type", type)
                .addValue("limit", batchSize);
        int changed = 0;
        int batch;
        do {
            batch = this.batchTransaction.execute(status -> this.jdbc.update(this.statements.retryFailedBatch,
                    parameters));
            changed += batch;
        }
        while (batch == batchSize);
        return changed;
    }

    private static MapSqlParameterSource change(long id, Set<MessageState> from, Instant now) {
        return new MapSqlParameterSource()
                .addValue("id", id)
                .addValue("from", from.stream().map(MessageState::name).toList())
                .addValue("now", Timestamps.toColumn(now));
    }

    private Map<MessageState, Long> counts(String countSql, Set<MessageState> states) {
        Map<MessageState, Long> counts = new EnumMap<>(MessageState.class);
        states.forEach(state -> counts.put(state, 0L));
        this.jdbc.query(countSql, new MapSqlParameterSource(), (ResultSet rs) -> {
            counts.put(MessageState.valueOf(rs.getString("state")), rs.getLong("messages"));
        });
        return Collections.unmodifiableMap(counts);
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        return Objects.requireNonNull(optionalInstant(rs, column), column);
    }

    private static @Nullable Instant optionalInstant(ResultSet rs, String column) throws SQLException {
        return Timestamps.fromColumn(rs.getObject(column, LocalDateTime.class));
    }

    private static @Nullable String firstLine(@Nullable String text) {
        if (text == null) {
            return null;
        }
        int end = text.indexOf('\n');
        String line = (end >= 0) ? text.substring(0, end) : text;
        return (line.length() > MAX_LAST_ERROR_LENGTH) ? line.substring(0, MAX_LAST_ERROR_LENGTH) + "…" : line;
    }
}
