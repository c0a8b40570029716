package dev.outbox.jdbc;

import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Objects;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Leases rows read without locks, each with an update guarded by the lock version it was read at,
 * in one short transaction and one JDBC batch: a row that changed since the read is not taken.
 */
final class GuardedLeases {

    private final JdbcTemplate jdbc;

    private final TransactionTemplate writeTransaction;

    private final OutboxSql sql;

    GuardedLeases(JdbcTemplate jdbc, TransactionTemplate writeTransaction, OutboxSql sql) {
        this.jdbc = jdbc;
        this.writeTransaction = writeTransaction;
        this.sql = sql;
    }

    /**
     * @param rows the rows' ids and the versions they were read at, in the order to lock them (id order,
     * so that two leases that overlap wait for each other instead of deadlocking)
     * @param now the current time
     * @param leaseUntil when the leased rows become due again
     * @return for each row, whether this lease took it (its version is now one more than read)
     */
    boolean[] lease(List<RowVersion> rows, Instant now, Instant leaseUntil) {
        LocalDateTime lease = Timestamps.toColumn(leaseUntil);
        LocalDateTime modified = Timestamps.toColumn(now);
        return Objects.requireNonNull(this.writeTransaction.execute(tx -> taken(this.jdbc.batchUpdate(
                this.sql.claimCandidate, rows, rows.size(), (ps, row) -> {
                    ps.setObject(1, lease);
                    ps.setObject(2, modified);
                    ps.setLong(3, row.id());
                    ps.setLong(4, row.lockVersion());
                }), rows.size())));
    }

    private static boolean[] taken(int[][] counts, int rows) {
        boolean[] taken = new boolean[rows];
        int index = 0;
        for (int[] batch : counts) {
            for (int count : batch) {
                if (count == Statement.SUCCESS_NO_INFO) {
                    throw new IllegalStateException("The JDBC driver does not report a count per batched "
                            + "update (rewriteBatchedStatements?), so a guarded lease cannot tell which "
                            + "rows it took; use a URL without batch rewriting");
                }
                taken[index++] = count == 1;
            }
        }
        return taken;
    }

    /**
     * A row as read, before its lease.
     *
     * @param id the row id
     * @param lockVersion its version when read
     */
    record RowVersion(long id, long lockVersion) {
    }
}
