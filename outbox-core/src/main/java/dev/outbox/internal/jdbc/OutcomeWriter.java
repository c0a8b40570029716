/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes the outcomes of a batch of sends in one short transaction, each guarded by the lock
 * version its claim set.
 */
final class OutcomeWriter {

    /** Keeps statements well within every driver's limit of bound parameters. */
    private static final int MAX_ROWS_PER_STATEMENT = 500;

    private final NamedParameterJdbcTemplate jdbc;

    private final TransactionTemplate writeTransaction;

    private final ClaimStatements statements;

    OutcomeWriter(NamedParameterJdbcTemplate jdbc, TransactionTemplate writeTransaction,
            ClaimStatements statements) {
        this.jdbc = jdbc;
        this.writeTransaction = writeTransaction;
        this.statements = statements;
    }

    int complete(List<DeliveryOutcome> outcomes, Instant now) {
        Integer written = this.writeTransaction.execute(tx -> write(outcomes, now));
        return (written != null) ? written : 0;
    }

    /** Writes the outcomes in the caller's transaction. */
    int write(List<DeliveryOutcome> outcomes, Instant now) {
        List<DeliveryOutcome.Sent> sent = new ArrayList<>();
        List<DeliveryOutcome.Failed> failed = new ArrayList<>();
        List<DeliveryOutcome.Released> released = new ArrayList<>();
        for (DeliveryOutcome outcome : outcomes) {
            if (outcome instanceof DeliveryOutcome.Sent s) {
                sent.add(s);
            }
            else if (outcome instanceof DeliveryOutcome.Failed f) {
                failed.add(f);
            }
            else if (outcome instanceof DeliveryOutcome.Released r) {
                released.add(r);
            }
        }
        LocalDateTime modified = Timestamps.toColumn(now);
        return markSent(sent, modified) + markFailed(failed, modified) + release(released, modified);
    }

    private int markSent(List<DeliveryOutcome.Sent> sent, LocalDateTime modified) {
        // Rows of a batch nearly always share their lock version and attempt time, so this is one
        // statement per batch, rarely two.
        Map<SentGroup, List<DeliveryOutcome.Sent>> groups = new LinkedHashMap<>();
        for (DeliveryOutcome.Sent s : sent) {
            groups.computeIfAbsent(new SentGroup(s.lockVersion(), s.attemptedAt()), group -> new ArrayList<>()).add(s);
        }
        int written = 0;
        for (Map.Entry<SentGroup, List<DeliveryOutcome.Sent>> group : groups.entrySet()) {
            List<DeliveryOutcome.Sent> rows = group.getValue();
            for (int start = 0; start < rows.size(); start += MAX_ROWS_PER_STATEMENT) {
                written += markSent(group.getKey(), rows.subList(start, Math.min(rows.size(),
                        start + MAX_ROWS_PER_STATEMENT)), modified);
            }
        }
        return written;
    }

    private int markSent(SentGroup group, List<DeliveryOutcome.Sent> rows, LocalDateTime modified) {
        SentUpdate update = this.statements.markSent();
        return this.jdbc.update(update.statement(rows.size()), update.bindRows(rows, new MapSqlParameterSource()
                .addValue("attemptedAt", Timestamps.toColumn(group.attemptedAt()))
                .addValue("now", modified)
                .addValue("lockVersion", group.lockVersion())));
    }

    private int markFailed(List<DeliveryOutcome.Failed> failed, LocalDateTime modified) {
        if (failed.isEmpty()) {
            return 0;
        }
        int[] counts = this.jdbc.batchUpdate(this.statements.markFailed, failed.stream()
                .map(f -> new MapSqlParameterSource()
                        .addValue("state", f.state().name())
                        .addValue("retryCount", f.retryCount())
                        // Typed, so that a null reason does not make the driver describe the statement.
                        .addValue("failReason", f.failReason(), Types.VARCHAR)
                        .addValue("messageId", f.messageId(), Types.VARCHAR)
                        .addValue("forGood", f.forGood())
                        .addValue("nextRetryAt", Timestamps.toColumn(f.nextRetryAt()))
                        .addValue("attemptedAt", Timestamps.toColumn(f.attemptedAt()))
                        .addValue("now", modified)
                        .addValue("id", f.id())
                        .addValue("lockVersion", f.lockVersion()))
                .toArray(SqlParameterSource[]::new));
        return countWritten(counts, failed.size());
    }

    private int release(List<DeliveryOutcome.Released> released, LocalDateTime modified) {
        if (released.isEmpty()) {
            return 0;
        }
        int[] counts = this.jdbc.batchUpdate(this.statements.release, released.stream()
                .map(r -> new MapSqlParameterSource()
                        .addValue("dueAt", Timestamps.toColumn(r.dueAt()))
                        .addValue("now", modified)
                        .addValue("id", r.id())
                        .addValue("lockVersion", r.lockVersion()))
                .toArray(SqlParameterSource[]::new));
        return countWritten(counts, released.size());
    }

    /** Confirmed rows that one statement can mark SENT together. */
    private record SentGroup(long lockVersion, Instant attemptedAt) {
    }

    private static int countWritten(int[] counts, int expected) {
        int written = 0;
        for (int count : counts) {
            // A driver that rewrites batches reports SUCCESS_NO_INFO; the guard still held.
            written += (count == Statement.SUCCESS_NO_INFO) ? 1 : count;
        }
        return Math.min(written, expected);
    }
}
