/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

import dev.outbox.internal.sql.TableName;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.support.AbstractSqlTypeValue;

/**
 * The update to SENT on PostgreSQL: the rows' ids and message ids bound as two arrays and joined to the table
 * by {@code unnest}, one statement of the same text for every count. A {@code CASE} with a {@code WHEN} per row
 * cost the server about 30% more per batch of 500, and the client the binding of a thousand parameters
 * (docs/benchmarks.md).
 */
final class SentUpdateByArrays implements SentUpdate {

    private static final String MARK_SENT = """
            UPDATE local_message m SET state = 'SENT', message_id = sent.message_id,
                last_retry_time = :attemptedAt, next_retry_at = :now, gmt_modified = :now,
                lock_version = m.lock_version + 1
            FROM unnest(CAST(:ids AS bigint[]), CAST(:messageIds AS varchar[])) AS sent(id, message_id)
            WHERE m.id = sent.id AND m.lock_version = :lockVersion""";

    private final String markSent;

    SentUpdateByArrays(TableName table) {
        this.markSent = StatementText.forOutbox(MARK_SENT, table);
    }

    @Override
    public String statement(int rows) {
        return this.markSent;
    }

    @Override
    public MapSqlParameterSource bindRows(List<DeliveryOutcome.Sent> rows, MapSqlParameterSource parameters) {
        return parameters
                .addValue("ids", array("bigint", rows.stream().map(DeliveryOutcome.Sent::id).toArray(Long[]::new)),
                        Types.ARRAY)
                .addValue("messageIds", array("varchar",
                        rows.stream().map(DeliveryOutcome.Sent::brokerMessageId).toArray(String[]::new)), Types.ARRAY);
    }

    /** An array made by the statement's connection, as JDBC wants. */
    private static AbstractSqlTypeValue array(String elementType, Object[] elements) {
        return new AbstractSqlTypeValue() {

            @Override
            protected Object createTypeValue(Connection connection, int sqlType, @Nullable String typeName)
                    throws SQLException {
                return connection.createArrayOf(elementType, elements);
            }
        };
    }
}
