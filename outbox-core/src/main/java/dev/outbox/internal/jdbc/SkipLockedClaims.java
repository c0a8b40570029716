/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import dev.outbox.internal.jdbc.OutboxRows.DueRow;
import dev.outbox.message.MessageState;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The skip-locked claim: due rows selected {@code FOR UPDATE SKIP LOCKED} and leased, in a short
 * READ COMMITTED transaction, or on PostgreSQL in one {@code UPDATE … RETURNING} statement.
 */
final class SkipLockedClaims {

    private final NamedParameterJdbcTemplate jdbc;

    /** The one locking read: READ COMMITTED locks rows but no gaps that a writer would wait for. */
    private final TransactionTemplate claimTransaction;

    private final ClaimStatements statements;

    private final DueWindows windows;

    /** Whether the data source's connections run at READ COMMITTED unless told otherwise; read once. */
    private volatile @Nullable Boolean readCommittedByDefault;

    SkipLockedClaims(NamedParameterJdbcTemplate jdbc, TransactionTemplate claimTransaction,
            ClaimStatements statements, DueWindows windows) {
        this.jdbc = jdbc;
        this.claimTransaction = claimTransaction;
        this.statements = statements;
        this.windows = windows;
    }

    Claim claim(ClaimScope scope, MessageState state, int limit, Instant now, Instant leaseUntil,
            @Nullable DuePosition after) {
        String claimInOneStatement = this.statements.claimDueHeads();
        return this.windows.claim(scope, state, now, after, limit * DueWindows.ROWS_PER_CLAIMED_ROW, limit,
                candidates -> {
            MapSqlParameterSource parameters = DueWindows.headsAmong(candidates.all(), state, now, limit);
            List<DueRow> rows = (claimInOneStatement != null)
                    ? claimInOneStatement(claimInOneStatement,
                            parameters.addValue("leaseUntil", Timestamps.toColumn(leaseUntil)))
                    : Objects.requireNonNull(this.claimTransaction.execute(tx -> lockAndLease(parameters,
                            leaseUntil)));
            return claimOf(rows);
        });
    }

    /**
     * Locks due heads in the caller's transaction, without leasing them: they stay with this instance as long as
     * the transaction holds their locks. Candidates without an ordering key are heads as they are and are locked by
     * id at once. Those with a key are found heads by a plain read of the latest committed state first: a head
     * another round holds locked is still PENDING there, so its followers are no heads.
     */
    Claim lock(ClaimScope scope, MessageState state, int limit, Instant now, @Nullable DuePosition after) {
        return this.windows.claim(scope, state, now, after, limit * DueWindows.ROWS_PER_CLAIMED_ROW, limit,
                candidates -> {
            List<Long> heads = new ArrayList<>(candidates.unkeyed());
            if (!candidates.keyed().isEmpty()) {
                heads.addAll(this.jdbc.query(this.statements.selectDueHeads(),
                        DueWindows.headsAmong(candidates.keyed(), state, now, limit),
                        (rs, rowNum) -> rs.getLong("id")));
            }
            if (heads.isEmpty()) {
                return Claim.nothing();
            }
            return claimOf(this.jdbc.query(this.statements.lockRows, new MapSqlParameterSource()
                    .addValue("ids", heads)
                    .addValue("state", state.name())
                    .addValue("now", Timestamps.toColumn(now)), OutboxRows.DUE));
        });
    }

    private static Claim claimOf(List<DueRow> rows) {
        if (rows.isEmpty()) {
            return Claim.nothing();
        }
        List<ClaimedMessage> claimed = rows.stream().map(DueRow::message)
                .sorted(Comparator.comparingLong(ClaimedMessage::id)).toList();
        DuePosition last = rows.stream().map(DueRow::position).max(Comparator.naturalOrder()).orElseThrow();
        return new Claim(claimed, 0, last);
    }

    private List<DueRow> lockAndLease(MapSqlParameterSource parameters, Instant leaseUntil) {
        List<DueRow> locked = this.jdbc.query(this.statements.lockDueHeads(), parameters, OutboxRows.DUE);
        if (locked.isEmpty()) {
            return locked;
        }
        this.jdbc.update(this.statements.leaseLocked, new MapSqlParameterSource()
                .addValue("leaseUntil", Timestamps.toColumn(leaseUntil))
                .addValue("now", parameters.getValue("now"))
                .addValue("ids", locked.stream().map(row -> row.message().id()).toList()));
        // The lease moved the version one step on; the outcome must find it there.
        return locked.stream().map(row -> new DueRow(row.message().withLockVersion(row.message().lockVersion() + 1),
                row.position())).toList();
    }

    private List<DueRow> claimInOneStatement(String claim, MapSqlParameterSource parameters) {
        // One statement is its own transaction; only a stricter default isolation needs one of READ COMMITTED.
        return readCommittedByDefault() ? this.jdbc.query(claim, parameters, OutboxRows.DUE)
                : Objects.requireNonNull(this.claimTransaction.execute(
                        tx -> this.jdbc.query(claim, parameters, OutboxRows.DUE)));
    }

    private boolean readCommittedByDefault() {
        Boolean readCommitted = this.readCommittedByDefault;
        if (readCommitted == null) {
            readCommitted = Objects.requireNonNull(this.jdbc.getJdbcTemplate().execute((Connection connection) ->
                    connection.getTransactionIsolation() == Connection.TRANSACTION_READ_COMMITTED));
            this.readCommittedByDefault = readCommitted;
        }
        return readCommitted;
    }
}
