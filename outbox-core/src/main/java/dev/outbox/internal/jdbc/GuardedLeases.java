/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;

/**
 * Leases rows each only at the version it was read at: an update that finds the row changed since
 * (another instance leased it) matches nothing, so no row is leased by two claims. The updates run in
 * the caller's transaction.
 */
final class GuardedLeases {

    private final NamedParameterJdbcTemplate jdbc;

    private final ClaimStatements statements;

    GuardedLeases(NamedParameterJdbcTemplate jdbc, ClaimStatements statements) {
        this.jdbc = jdbc;
        this.statements = statements;
    }

    /**
     * @param row the row and the version it was read at
     * @param now the current time
     * @param leaseUntil when the leased row becomes due again
     * @return whether this lease took it (its version is now one more than read)
     */
    boolean lease(RowVersion row, Instant now, Instant leaseUntil) {
        return this.jdbc.update(this.statements.leaseCandidate, parameters(row, now, leaseUntil)) == 1;
    }

    /**
     * @param rows the rows and the versions they were read at, in the order to lock them (id order, so
     * that two leases that overlap wait for each other instead of deadlocking)
     * @param now the current time
     * @param leaseUntil when the leased rows become due again
     * @return the ids of the rows this lease took, in the order given
     */
    List<Long> lease(List<RowVersion> rows, Instant now, Instant leaseUntil) {
        if (rows.isEmpty()) {
            return List.of();
        }
        SqlParameterSource[] batch = rows.stream().map(row -> parameters(row, now, leaseUntil))
                .toArray(SqlParameterSource[]::new);
        boolean[] taken = taken(this.jdbc.batchUpdate(this.statements.leaseCandidate, batch), rows.size());
        List<Long> won = new ArrayList<>(rows.size());
        for (int i = 0; i < taken.length; i++) {
            if (taken[i]) {
                won.add(rows.get(i).id());
            }
        }
        return won;
    }

    private static SqlParameterSource parameters(RowVersion row, Instant now, Instant leaseUntil) {
        return new MapSqlParameterSource()
                .addValue("leaseUntil", Timestamps.toColumn(leaseUntil))
                .addValue("now", Timestamps.toColumn(now))
                .addValue("id", row.id())
                .addValue("lockVersion", row.lockVersion());
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
}
