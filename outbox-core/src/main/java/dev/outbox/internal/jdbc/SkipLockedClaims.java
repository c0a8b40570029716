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

import dev.outbox.MessageState;
import dev.outbox.internal.jdbc.OutboxRows.DueRow;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The skip-locked claim: due rows selected {@code FOR UPDATE SKIP LOCKED} and leased, in a short
 * READ COMMITTED transaction, or on PostgreSQL in one {@code UPDATE … RETURNING} statement.
 */
final class SkipLockedClaims {

    private final JdbcTemplate jdbc;

    /** The one locking read: READ COMMITTED locks rows but no gaps that a writer would wait for. */
    private final TransactionTemplate claimTransaction;

    private final OutboxSql sql;

    private final DatabaseDialect dialect;

    private final DueWindows windows;

    /** Whether the data source's connections run at READ COMMITTED unless told otherwise; read once. */
    private volatile @Nullable Boolean readCommittedByDefault;

    SkipLockedClaims(JdbcTemplate jdbc, TransactionTemplate claimTransaction, OutboxSql sql, DatabaseDialect dialect,
            DueWindows windows) {
        this.jdbc = jdbc;
        this.claimTransaction = claimTransaction;
        this.sql = sql;
        this.dialect = dialect;
        this.windows = windows;
    }

    Claim claim(ClaimScope scope, MessageState state, int limit, Instant now, Instant leaseUntil,
            @Nullable DuePosition after) {
        return this.windows.claim(this.sql.due(scope), scope, state, now, after,
                limit * DueWindows.ROWS_PER_CLAIMED_ROW, limit, candidates -> {
            List<Object> dueArguments = new ArrayList<>(candidates.size() + 3);
            dueArguments.addAll(candidates);
            dueArguments.add(state.name());
            dueArguments.add(Timestamps.toColumn(now));
            dueArguments.add(limit);
            List<DueRow> rows = this.dialect.claimsInOneStatement()
                    ? claimInOneStatement(this.sql.claimDueAmongReturning(candidates.size()), dueArguments, now,
                            leaseUntil)
                    : Objects.requireNonNull(this.claimTransaction.execute(tx -> lockAndLease(
                            this.sql.lockDueAmong(candidates.size()), dueArguments, now, leaseUntil)));
            if (rows.isEmpty()) {
                return Claim.nothing();
            }
            List<ClaimedMessage> claimed = rows.stream().map(DueRow::message)
                    .sorted(Comparator.comparingLong(ClaimedMessage::id)).toList();
            DuePosition last = rows.stream().map(DueRow::position).max(Comparator.naturalOrder()).orElseThrow();
            return new Claim(claimed, 0, last);
        });
    }

    private List<DueRow> lockAndLease(String select, List<Object> dueArguments, Instant now, Instant leaseUntil) {
        List<DueRow> locked = this.jdbc.query(select, OutboxRows.DUE, dueArguments.toArray());
        if (locked.isEmpty()) {
            return locked;
        }
        List<Object> arguments = new ArrayList<>(locked.size() + 2);
        arguments.add(Timestamps.toColumn(leaseUntil));
        arguments.add(Timestamps.toColumn(now));
        locked.forEach(row -> arguments.add(row.message().id()));
        this.jdbc.update(this.sql.leaseLockedRows(locked.size()), arguments.toArray());
        // The lease moved the version one step on; the outcome must find it there.
        return locked.stream().map(row -> new DueRow(row.message().withLockVersion(row.message().lockVersion() + 1),
                row.position())).toList();
    }

    private List<DueRow> claimInOneStatement(String claim, List<Object> dueArguments, Instant now,
            Instant leaseUntil) {
        List<Object> arguments = new ArrayList<>(dueArguments);
        arguments.add(Timestamps.toColumn(leaseUntil));
        arguments.add(Timestamps.toColumn(now));
        // One statement is its own transaction; only a stricter default isolation needs one of READ COMMITTED.
        return readCommittedByDefault() ? this.jdbc.query(claim, OutboxRows.DUE, arguments.toArray())
                : Objects.requireNonNull(this.claimTransaction.execute(
                        tx -> this.jdbc.query(claim, OutboxRows.DUE, arguments.toArray())));
    }

    private boolean readCommittedByDefault() {
        Boolean readCommitted = this.readCommittedByDefault;
        if (readCommitted == null) {
            readCommitted = Objects.requireNonNull(this.jdbc.execute((Connection connection) ->
                    connection.getTransactionIsolation() == Connection.TRANSACTION_READ_COMMITTED));
            this.readCommittedByDefault = readCommitted;
        }
        return readCommitted;
    }
}
