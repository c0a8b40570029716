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
 * The update to SENT on PostgreSQL: the rows' ids and message ids bound as two arrays, one statement of the same
 * text for every count. A {@code CASE} with a {@code WHEN} per row cost the server about 30% more per batch of
 * 500, and the client the binding of a thousand parameters (docs/benchmarks.md). Each row finds its message id
 * by its place in the ids rather than by a join with {@code unnest}: the rows are found by primary key, as with
 * the {@code CASE}, whatever the planner believes of {@code lock_version}. Joined, a statistic from before the
 * rows were leased (every version 0) made the planner scan the table for the leased version, expecting one row,
 * and compare each of the thousands it found with every id of the batch.
 */
final class SentUpdateByArrays implements SentUpdate {

    private static final String MARK_SENT = """
            UPDATE local_message SET state = 'SENT',
                message_id = (CAST(:messageIds AS varchar[]))[array_position(CAST(:ids AS bigint[]), id)],
                last_retry_time = :attemptedAt, next_retry_at = :now, gmt_modified = :now,
                lock_version = lock_version + 1
            WHERE id = ANY(CAST(:ids AS bigint[])) AND lock_version = :lockVersion""";

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
