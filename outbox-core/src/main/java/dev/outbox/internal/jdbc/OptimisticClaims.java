/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import dev.outbox.message.MessageState;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The optimistic claim: due rows read without locks as candidates, a random subset taken with
 * updates guarded by their lock version.
 */
final class OptimisticClaims {

    private final NamedParameterJdbcTemplate jdbc;

    private final ClaimStatements statements;

    private final TransactionTemplate writeTransaction;

    private final DueWindows windows;

    OptimisticClaims(NamedParameterJdbcTemplate jdbc, TransactionTemplate writeTransaction,
            ClaimStatements statements, DueWindows windows) {
        this.jdbc = jdbc;
        this.writeTransaction = writeTransaction;
        this.statements = statements;
        this.windows = windows;
    }

    Claim claim(ClaimScope scope, MessageState state, int limit, int candidates, Instant now, Instant leaseUntil) {
        // The window is as large as the candidates, so that instances pick at random among all of them.
        int window = Math.max(limit, candidates);
        return this.windows.claim(scope, state, now, null, window, window, ids -> claimAmong(this.jdbc.query(
                this.statements.selectDueHeads(), new MapSqlParameterSource()
                        .addValue("candidates", ids)
                        .addValue("state", state.name())
                        .addValue("now", Timestamps.toColumn(now))
                        .addValue("limit", window),
                (rs, rowNum) -> new RowVersion(rs.getLong("id"), rs.getLong("lock_version"))), limit, now, leaseUntil));
    }

    private Claim claimAmong(List<RowVersion> candidates, int limit, Instant now, Instant leaseUntil) {
        if (candidates.isEmpty()) {
            return Claim.nothing();
        }
        // Shuffled so that concurrent instances go for different rows; then taken in id order, so that
        // two claims that do overlap lock their rows in the same order and cannot deadlock.
        List<RowVersion> due = new ArrayList<>(candidates);
        Collections.shuffle(due);
        List<RowVersion> tried = new ArrayList<>(due.subList(0, Math.min(limit, due.size())));
        tried.sort(Comparator.comparingLong(RowVersion::id));
        boolean[] taken = lease(tried, now, leaseUntil);
        List<Object> won = new ArrayList<>(tried.size());
        for (int i = 0; i < taken.length; i++) {
            if (taken[i]) {
                won.add(tried.get(i).id());
            }
        }
        // Read after the commit, so that other instances wait for the claim's row locks no longer than
        // the updates take; from the commit on, the lease keeps the won rows for this instance.
        List<ClaimedMessage> claimed = won.isEmpty() ? List.of()
                : this.jdbc.query(this.statements.claimedRows, new MapSqlParameterSource("ids", won),
                        OutboxRows.CLAIMED);
        return new Claim(claimed, tried.size() - won.size(), null);
    }

    /**
     * @param rows the rows' ids and the versions they were read at, in the order to lock them (id order,
     * so that two leases that overlap wait for each other instead of deadlocking)
     * @param now the current time
     * @param leaseUntil when the leased rows become due again
     * @return for each row, whether this lease took it (its version is now one more than read)
     */
    private boolean[] lease(List<RowVersion> rows, Instant now, Instant leaseUntil) {
        LocalDateTime lease = Timestamps.toColumn(leaseUntil);
        LocalDateTime modified = Timestamps.toColumn(now);
        SqlParameterSource[] batch = rows.stream().map(row -> new MapSqlParameterSource()
                .addValue("leaseUntil", lease)
                .addValue("now", modified)
                .addValue("id", row.id())
                .addValue("lockVersion", row.lockVersion())).toArray(SqlParameterSource[]::new);
        return Objects.requireNonNull(this.writeTransaction.execute(tx -> taken(this.jdbc.batchUpdate(
                this.statements.leaseCandidate, batch), rows.size())));
    }

    private static boolean[] taken(int[] counts, int rows) {
        boolean[] taken = new boolean[rows];
        int index = 0;
        for (int count : counts) {
            if (count == Statement.SUCCESS_NO_INFO) {
                throw new IllegalStateException("The JDBC driver does not report a count per batched "
                        + "update (rewriteBatchedStatements?), so the optimistic claim cannot tell which "
                        + "rows it won; use the skip-locked claim or a URL without batch rewriting");
            }
            taken[index++] = count == 1;
        }
        return taken;
    }

    /**
     * A candidate as read, before its lease.
     *
     * @param id the row id
     * @param lockVersion its version when read
     */
    private record RowVersion(long id, long lockVersion) {
    }
}
