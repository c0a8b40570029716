package dev.outbox.jdbc;

import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import dev.outbox.MessageState;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The optimistic claim: due rows read without locks as candidates, a random subset taken with
 * updates guarded by their lock version.
 */
final class OptimisticClaims {

    private final JdbcTemplate jdbc;

    private final TransactionTemplate writeTransaction;

    private final OutboxSql sql;

    OptimisticClaims(JdbcTemplate jdbc, TransactionTemplate writeTransaction, OutboxSql sql) {
        this.jdbc = jdbc;
        this.writeTransaction = writeTransaction;
        this.sql = sql;
    }

    Claim claim(ClaimScope scope, MessageState state, int limit, int candidates, Instant now, Instant leaseUntil) {
        List<long[]> due = new ArrayList<>(this.jdbc.query(this.sql.due(scope).selectCandidates(),
                (rs, rowNum) -> new long[] { rs.getLong(1), rs.getLong(2) },
                OutboxSql.dueArguments(scope, state, now, List.of(), Math.max(limit, candidates)).toArray()));
        if (due.isEmpty()) {
            return Claim.nothing();
        }
        // Shuffled so that concurrent instances go for different rows; then taken in id order, so that
        // two claims that do overlap lock their rows in the same order and cannot deadlock.
        Collections.shuffle(due);
        List<long[]> tried = new ArrayList<>(due.subList(0, Math.min(limit, due.size())));
        tried.sort(Comparator.comparingLong(candidate -> candidate[0]));
        LocalDateTime lease = Timestamps.toColumn(leaseUntil);
        LocalDateTime modified = Timestamps.toColumn(now);
        List<Object> won = Objects.requireNonNull(this.writeTransaction.execute(tx -> {
            int[][] counts = this.jdbc.batchUpdate(this.sql.claimCandidate, tried, tried.size(), (ps, candidate) -> {
                ps.setObject(1, lease);
                ps.setObject(2, modified);
                ps.setLong(3, candidate[0]);
                ps.setLong(4, candidate[1]);
            });
            return wonCandidates(tried, counts);
        }));
        // Read after the commit, so that other instances wait for the claim's row locks no longer than
        // the updates take; from the commit on, the lease keeps the won rows for this instance.
        List<ClaimedMessage> claimed = won.isEmpty() ? List.of()
                : this.jdbc.query(this.sql.selectClaimedRows(won.size()), OutboxRows.CLAIMED, won.toArray());
        return new Claim(claimed, tried.size() - won.size(), null);
    }

    private static List<Object> wonCandidates(List<long[]> tried, int[][] counts) {
        List<Object> won = new ArrayList<>();
        int index = 0;
        for (int[] batch : counts) {
            for (int count : batch) {
                if (count == Statement.SUCCESS_NO_INFO) {
                    throw new IllegalStateException("The JDBC driver does not report a count per batched "
                            + "update (rewriteBatchedStatements?), so the optimistic claim cannot tell which "
                            + "rows it won; use the skip-locked claim or a URL without batch rewriting");
                }
                if (count == 1) {
                    won.add(tried.get(index)[0]);
                }
                index++;
            }
        }
        return won;
    }
}
