/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import dev.outbox.internal.jdbc.SliceLeases.Leased;
import dev.outbox.message.MessageState;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The optimistic claim: due rows read without locks as candidates, then taken with updates guarded
 * by their lock version, a slice of them at a time ({@link SliceLeases}); where every slice tried was
 * lost to other instances, the candidates still due are read again and a random subset of them taken
 * row by row.
 */
final class OptimisticClaims {

    private final NamedParameterJdbcTemplate jdbc;

    private final ClaimStatements statements;

    private final TransactionTemplate writeTransaction;

    private final DueWindows windows;

    private final GuardedLeases leases;

    private final SliceLeases slices;

    OptimisticClaims(NamedParameterJdbcTemplate jdbc, TransactionTemplate writeTransaction,
            ClaimStatements statements, DueWindows windows) {
        this.jdbc = jdbc;
        this.writeTransaction = writeTransaction;
        this.statements = statements;
        this.windows = windows;
        this.leases = new GuardedLeases(jdbc, statements);
        this.slices = new SliceLeases(this.leases, writeTransaction);
    }

    Claim claim(ClaimScope scope, MessageState state, int limit, int candidates, Instant now, Instant leaseUntil) {
        // The window is as large as the candidates, so that instances pick at random among all of them.
        int window = Math.max(limit, candidates);
        return this.windows.claim(scope, state, now, null, window, window,
                picked -> {
            List<Long> ids = picked.all();
            return claimAmong(ids, dueHeads(ids, state, now, window), state, limit, now, leaseUntil);
        });
    }

    /**
     * @param ids the rows of the window that may be heads of their keys
     * @param candidates those of them that are due heads, in due order, at the versions they were read at
     * @param state the state of the rows to claim
     * @param limit the most rows to claim
     * @param now the current time
     * @param leaseUntil when the claimed rows become due again
     * @return what the claim took
     */
    Claim claimAmong(List<Long> ids, List<RowVersion> candidates, MessageState state, int limit, Instant now,
            Instant leaseUntil) {
        if (candidates.isEmpty()) {
            return Claim.nothing();
        }
        Leased leased = this.slices.lease(candidates, limit, now, leaseUntil);
        if (leased.won().isEmpty()) {
            // Every slice tried was lost: the rows other instances took since the read are no longer due.
            Leased rowByRow = rowByRow(dueHeads(ids, state, now, candidates.size()), limit, now, leaseUntil);
            leased = new Leased(rowByRow.won(), leased.lost() + rowByRow.lost());
        }
        // Read after the commit, so that other instances wait for the claim's row locks no longer than
        // the updates take; from the commit on, the lease keeps the won rows for this instance.
        List<ClaimedMessage> claimed = leased.won().isEmpty() ? List.of()
                : this.jdbc.query(this.statements.claimedRows, new MapSqlParameterSource("ids", leased.won()),
                        OutboxRows.CLAIMED);
        return new Claim(claimed, leased.lost(), null);
    }

    private List<RowVersion> dueHeads(List<Long> ids, MessageState state, Instant now, int limit) {
        return this.jdbc.query(this.statements.selectDueHeads(), DueWindows.headsAmong(ids, state, now, limit),
                (rs, rowNum) -> new RowVersion(rs.getLong("id"), rs.getLong("lock_version")));
    }

    private Leased rowByRow(List<RowVersion> candidates, int limit, Instant now, Instant leaseUntil) {
        // Shuffled so that concurrent instances go for different rows; then taken in id order, so that
        // two claims that do overlap lock their rows in the same order and cannot deadlock.
        List<RowVersion> due = new ArrayList<>(candidates);
        Collections.shuffle(due);
        List<RowVersion> tried = new ArrayList<>(due.subList(0, Math.min(limit, due.size())));
        tried.sort(Comparator.comparingLong(RowVersion::id));
        List<Long> won = Objects.requireNonNull(
                this.writeTransaction.execute(tx -> this.leases.lease(tried, now, leaseUntil)));
        return new Leased(won, tried.size() - won.size());
    }
}
