/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Types;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import dev.outbox.internal.sql.TableName;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

/**
 * The update to SENT on MySQL, MariaDB and H2: each row's message id picked by a {@code CASE} on its id, a
 * {@code WHEN} per row, numbered ({@value ClaimStatements#ROW_NUMBER}). One statement for many rows, as an update
 * per row costs the database about three times as much; on MariaDB a join with the pairs as a derived table
 * ({@code JSON_TABLE} or a {@code UNION ALL}) cost the server as much as the {@code CASE} (docs/benchmarks.md).
 */
final class SentUpdateByCase implements SentUpdate {

    private static final String MARK_SENT = """
            UPDATE local_message SET state = 'SENT', message_id = CASE id WHEN :id_N THEN :messageId_N END,
                last_retry_time = :attemptedAt, next_retry_at = :now, gmt_modified = :now,
                lock_version = lock_version + 1
            WHERE lock_version = :lockVersion AND id IN (:ids)""";

    /** The part of {@link #MARK_SENT} repeated per row. */
    private static final String MARK_SENT_ROW = "WHEN :id_N THEN :messageId_N";

    private final String markSent;

    /** Each count's update, written at its first use, so that the template parses it once. */
    private final ConcurrentMap<Integer, String> byCount = new ConcurrentHashMap<>();

    SentUpdateByCase(TableName table) {
        this.markSent = StatementText.forOutbox(MARK_SENT, table);
    }

    @Override
    public String statement(int rows) {
        return this.byCount.computeIfAbsent(rows,
                count -> this.markSent.replace(MARK_SENT_ROW, ClaimStatements.numbered(MARK_SENT_ROW, count, " ")));
    }

    @Override
    public MapSqlParameterSource bindRows(List<DeliveryOutcome.Sent> rows, MapSqlParameterSource parameters) {
        parameters.addValue("ids", rows.stream().map(DeliveryOutcome.Sent::id).toList());
        for (int i = 0; i < rows.size(); i++) {
            parameters.addValue("id_" + i, rows.get(i).id())
                    .addValue("messageId_" + i, rows.get(i).brokerMessageId(), Types.VARCHAR);
        }
        return parameters;
    }
}
