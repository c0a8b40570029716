package dev.outbox.jdbc;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

import dev.outbox.MessageState;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The optimistic claim: due rows read without locks as candidates, a random subset taken with
 * updates guarded by their lock version.
 */
final class OptimisticClaims {

    private final JdbcTemplate jdbc;

    private final OutboxSql sql;

    private final DueWindows windows;

    private final GuardedLeases leases;

    OptimisticClaims(JdbcTemplate jdbc, OutboxSql sql, DueWindows windows, GuardedLeases leases) {
        this.jdbc = jdbc;
        this.sql = sql;
        this.windows = windows;
        this.leases = leases;
    }

    Claim claim(ClaimScope scope, MessageState state, int limit, int candidates, Instant now, Instant leaseUntil) {
        // The window is as large as the candidates, so that instances pick at random among all of them.
        int window = Math.max(limit, candidates);
        return this.windows.claim(this.sql.due(scope), scope, state, now, null, window, window, ids -> {
                    List<Object> arguments = new ArrayList<>(ids.size() + 3);
                    arguments.addAll(ids);
                    arguments.add(state.name());
                    arguments.add(Timestamps.toColumn(now));
                    arguments.add(window);
                    return claimAmong(this.jdbc.query(this.sql.selectDueAmong(ids.size()),
                            (rs, rowNum) -> new GuardedLeases.RowVersion(rs.getLong(1), rs.getLong(2)),
                            arguments.toArray()), limit, now, leaseUntil);
                });
    }

    private Claim claimAmong(List<GuardedLeases.RowVersion> candidates, int limit, Instant now, Instant leaseUntil) {
        if (candidates.isEmpty()) {
            return Claim.nothing();
        }
        // Shuffled so that concurrent instances go for different rows; then taken in id order, so that
        // two claims that do overlap lock their rows in the same order and cannot deadlock.
        List<GuardedLeases.RowVersion> due = new ArrayList<>(candidates);
        Collections.shuffle(due);
        List<GuardedLeases.RowVersion> tried = new ArrayList<>(due.subList(0, Math.min(limit, due.size())));
        tried.sort(Comparator.comparingLong(GuardedLeases.RowVersion::id));
        boolean[] taken = this.leases.lease(tried, now, leaseUntil);
        List<Object> won = new ArrayList<>(tried.size());
        for (int i = 0; i < taken.length; i++) {
            if (taken[i]) {
                won.add(tried.get(i).id());
            }
        }
        // Read after the commit, so that other instances wait for the claim's row locks no longer than
        // the updates take; from the commit on, the lease keeps the won rows for this instance.
        List<ClaimedMessage> claimed = won.isEmpty() ? List.of()
                : this.jdbc.query(this.sql.selectClaimedRows(won.size()), OutboxRows.CLAIMED, won.toArray());
        return new Claim(claimed, tried.size() - won.size(), null);
    }
}
