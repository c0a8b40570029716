/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads and writes the idempotency table of a store ({@link dev.outbox.internal.sql.TableName#idempotencyTable}): the claim of a key in the
 * caller's transaction, the read of a claimed key's row, its completion with the response, and the cleanup.
 */
public final class IdempotencyRepository {

    private final ParsedOnceJdbcTemplate jdbc;

    private final IdempotencyStatements statements;

    private final JdbcStore store;

    private final TransactionTemplate deleteTransaction;

    /**
     * @param store the store whose idempotency table this reads and writes
     */
    public IdempotencyRepository(JdbcStore store) {
        this.jdbc = store.named();
        this.statements = new IdempotencyStatements(store.outboxTable(), store.databaseType());
        this.store = store;
        this.deleteTransaction = store.readCommittedTransaction();
    }

    /**
     * @return the store; claims must run in a transaction on its data source
     */
    public JdbcStore store() {
        return this.store;
    }

    /**
     * Claims a key in the current transaction, in progress, unless the scope has it. While another transaction
     * holds the same key uncommitted, this waits for it to end (at most the database's lock wait timeout).
     *
     * @param scope the validated scope
     * @param idempotencyKey the validated key
     * @param fingerprint the request's fingerprint
     * @param createdAt now
     * @return the new row's id, or empty when the key was claimed before
     */
    public OptionalLong claim(String scope, String idempotencyKey, String fingerprint, Instant createdAt) {
        return InsertUnlessExists.run(this.jdbc, this.statements.claim, byKey(scope, idempotencyKey)
                .addValue("fingerprint", fingerprint)
                .addValue("createdAt", Timestamps.toColumn(createdAt)));
    }

    /**
     * Reads a key's row as last committed (on MySQL a locking read, so that under REPEATABLE READ it sees a row
     * committed after this transaction's snapshot was taken).
     *
     * @param scope the scope
     * @param idempotencyKey a key {@link #claim} found claimed
     * @return the row, or empty when it is gone (deleted in the meantime)
     */
    public Optional<ClaimedKey> find(String scope, String idempotencyKey) {
        List<ClaimedKey> rows = this.jdbc.query(this.statements.find, byKey(scope, idempotencyKey),
                (row, number) -> new ClaimedKey(row.getString("fingerprint").trim(),
                        "COMPLETED".equals(row.getString("state")), row.getInt("response_status"),
                        HeadersCodec.decode(row.getString("response_headers")), row.getBytes("response_body")));
        return rows.stream().findFirst();
    }

    /**
     * Completes a key this transaction claimed, with its response.
     *
     * @param id the row {@link #claim} created in this transaction
     * @param status the response's status
     * @param headers the response's headers that are kept
     * @param body the response's body
     * @param completedAt now
     */
    public void complete(long id, int status, Map<String, String> headers, byte[] body, Instant completedAt) {
        this.jdbc.update(this.statements.complete, new MapSqlParameterSource()
                .addValue("status", status)
                .addValue("headers", HeadersCodec.encode(headers), Types.VARCHAR)
                .addValue("body", body, Types.VARBINARY)
                .addValue("completedAt", Timestamps.toColumn(completedAt))
                .addValue("id", id));
    }

    /**
     * Deletes the keys claimed before a time, a batch per short transaction, until none is left.
     *
     * @param cutoff rows created before it are deleted
     * @param batchSize the most rows one transaction deletes
     * @return how many rows were deleted
     */
    public long deleteCreatedBefore(Instant cutoff, int batchSize) {
        return BatchedDeletes.olderThan(this.deleteTransaction, this.jdbc, this.statements.deleteCreatedBefore, cutoff, batchSize);
    }

    private static MapSqlParameterSource byKey(String scope, String idempotencyKey) {
        return new MapSqlParameterSource().addValue("scope", scope).addValue("idempotencyKey", idempotencyKey);
    }

    /**
     * A claimed key's row.
     *
     * @param fingerprint the fingerprint of the request that claimed it
     * @param completed whether that request completed; the response is meaningful only then
     * @param status the response's status
     * @param headers the response's kept headers
     * @param body the response's body, null when none was stored
     */
    public record ClaimedKey(String fingerprint, boolean completed, int status, Map<String, String> headers,
            byte @Nullable [] body) {
    }
}
