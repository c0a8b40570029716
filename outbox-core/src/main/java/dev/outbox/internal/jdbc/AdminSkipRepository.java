/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Types;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

import dev.outbox.message.StoredMessage;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The writes of an operator's skip of a sequenced message: the row stays in its place in its ordering key and
 * becomes the marker of the skipped number, and the message itself is kept as a new row. It decides nothing:
 * {@code dev.outbox.admin.OutboxAdmin} does. Each method runs in the transaction {@link #inTransaction} opens, in
 * which {@link #lock} locks the row first.
 */
public final class AdminSkipRepository {

    private final ParsedOnceJdbcTemplate jdbc;

    private final AdminStatements statements;

    private final TransactionTemplate transaction;

    /**
     * @param store the store whose outbox table this changes
     */
    public AdminSkipRepository(JdbcStore store) {
        this.jdbc = store.named();
        this.statements = store.statements().admin();
        this.transaction = store.writeTransaction();
    }

    /**
     * @param work the skip's reads and writes
     * @param <T> what it returns
     * @return what it returned, once its transaction has committed
     */
    public <T> T inTransaction(Supplier<T> work) {
        return Objects.requireNonNull(this.transaction.execute(status -> work.get()));
    }

    /**
     * @param id a row id
     * @return the whole row, locked until the transaction ends, if it exists
     */
    public Optional<StoredMessage> lock(long id) {
        return this.jdbc.query(this.statements.lockById, new MapSqlParameterSource("id", id), OutboxRows.STORED)
                .stream().findFirst();
    }

    /**
     * Keeps a locked row's message as a new row, SUSPENDED and without an ordering key, after giving the row a new
     * message key so that the new row can take the message's own.
     *
     * @param row the row as {@link #lock} read it
     * @param markerKey the row's new message key
     * @param headers the new row's headers
     * @param failReason the new row's fail reason
     * @param now the current time
     * @return the new row's id
     */
    public long keep(StoredMessage row, String markerKey, Map<String, String> headers, String failReason,
            Instant now) {
        MapSqlParameterSource values = new MapSqlParameterSource()
                .addValue("id", row.id())
                .addValue("markerKey", markerKey)
                .addValue("now", Timestamps.toColumn(now));
        this.jdbc.update(this.statements.vacateKey, values);
        values.addValue("createdAt", Timestamps.toColumn(row.createdAt()))
                .addValue("key", row.messageKey())
                .addValue("type", row.messageType())
                .addValue("topic", row.topic())
                .addValue("body", row.body())
                .addValue("headers", HeadersCodec.encode(headers), Types.VARCHAR)
                .addValue("retryCount", row.retryCount())
                .addValue("lastAttemptAt", (row.lastAttemptAt() != null) ? Timestamps.toColumn(row.lastAttemptAt())
                        : null, Types.TIMESTAMP)
                .addValue("failReason", failReason);
        return this.jdbc.insertReturningId(this.statements.insertKept, values)
                .orElseThrow(() -> new IllegalStateException("the kept row's insert generated no id"));
    }

    /**
     * Makes a locked row the marker: PENDING, due now, with a fresh retry budget, in its place in its key.
     *
     * @param id the row id
     * @param headers the marker's headers
     * @param body the marker's body
     * @param note what the row is now, as its fail reason
     * @param now the current time
     */
    public void makeMarker(long id, Map<String, String> headers, String body, String note, Instant now) {
        this.jdbc.update(this.statements.makeMarker, new MapSqlParameterSource()
                .addValue("id", id)
                .addValue("headers", HeadersCodec.encode(headers), Types.VARCHAR)
                .addValue("body", body)
                .addValue("note", note)
                .addValue("now", Timestamps.toColumn(now)));
    }
}
