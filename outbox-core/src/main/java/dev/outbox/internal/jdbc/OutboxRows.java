/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Objects;

import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.route.RouteSwitch;
import dev.outbox.route.RouteSwitchMode;
import org.springframework.jdbc.core.RowMapper;

/**
 * Maps the outbox table's rows, and its switch table's, to what the rest of the outbox reads.
 */
final class OutboxRows {

    /** A row as the dispatcher sends it. */
    static final RowMapper<ClaimedMessage> CLAIMED = (rs, rowNum) -> claimed(rs);

    /** A claimed row with the due time it had, which positions the next scan ({@code due_at}). */
    static final RowMapper<DueRow> DUE = (rs, rowNum) -> new DueRow(claimed(rs),
            new DuePosition(instant(rs, "due_at"), rs.getLong("id")));

    /** A position in the due index ({@code due_at}, {@code id}). */
    static final RowMapper<DuePosition> POSITION = (rs, rowNum) -> new DuePosition(instant(rs, "due_at"),
            rs.getLong("id"));

    /** A whole row. */
    static final RowMapper<StoredMessage> STORED = (rs, rowNum) -> new StoredMessage(rs.getLong("id"),
            rs.getString("message_key"), rs.getString("message_type"), rs.getString("topic"),
            rs.getString("ordering_key"), HeadersCodec.decode(rs.getString("headers")), rs.getString("message_body"),
            MessageState.valueOf(rs.getString("state")), rs.getInt("retry_count"), instant(rs, "next_retry_at"),
            Timestamps.fromColumn(rs.getObject("last_retry_time", LocalDateTime.class)), rs.getString("message_id"),
            rs.getString("fail_reason"), instant(rs, "gmt_create"), instant(rs, "gmt_modified"));

    /** A row of the switch table. */
    static final RowMapper<RouteSwitch> SWITCH = (rs, rowNum) -> new RouteSwitch(rs.getString("message_type"),
            RouteSwitchMode.valueOf(rs.getString("mode")), instant(rs, "switched_at"));

    private OutboxRows() {
    }

    private static ClaimedMessage claimed(ResultSet rs) throws SQLException {
        return new ClaimedMessage(rs.getLong("id"), rs.getLong("lock_version"), rs.getString("message_key"),
                rs.getString("message_type"), rs.getString("topic"), rs.getString("ordering_key"),
                HeadersCodec.decode(rs.getString("headers")), rs.getString("message_body"), rs.getInt("retry_count"),
                MessageState.valueOf(rs.getString("state")), instant(rs, "gmt_create"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        return Objects.requireNonNull(Timestamps.fromColumn(rs.getObject(column, LocalDateTime.class)), column);
    }

    /**
     * A claimed row and its place in the scan order of due rows.
     *
     * @param message the row
     * @param position its due time when claimed, and its id
     */
    record DueRow(ClaimedMessage message, DuePosition position) {
    }
}
