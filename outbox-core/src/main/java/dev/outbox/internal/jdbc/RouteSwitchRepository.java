/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;
import java.util.List;

import dev.outbox.route.RouteSwitch;
import dev.outbox.route.RouteSwitchMode;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * Reads and writes the switch table: the message types an operator switched away from their broker. It decides
 * nothing: {@code dev.outbox.admin.OutboxAdmin} switches, the dispatcher and the pullers follow. Each statement
 * commits on its own (the callers run outside transactions).
 */
public final class RouteSwitchRepository {

    private final NamedParameterJdbcTemplate jdbc;

    private final RouteSwitchStatements statements;

    /**
     * @param store the store whose switch table this reads and changes
     */
    public RouteSwitchRepository(JdbcStore store) {
        this.jdbc = store.named();
        this.statements = store.statements().switches();
    }

    /**
     * @return every switched type, in the order of their names: one read of a table of a few rows
     */
    public List<RouteSwitch> list() {
        return this.jdbc.query(this.statements.list, OutboxRows.SWITCH);
    }

    /**
     * @param type a message type that has no switch
     * @param mode where to switch it
     * @param now the current time
     * @return true when inserted; false when another call switched the type meanwhile
     */
    public boolean insert(String type, RouteSwitchMode mode, Instant now) {
        try {
            return this.jdbc.update(this.statements.insert, parameters(type, mode, now)) == 1;
        }
        catch (DuplicateKeyException ex) {
            return false;
        }
    }

    /**
     * @param type a switched message type
     * @param from the mode it was read with
     * @param to the mode to switch it to
     * @param now the current time
     * @return true when changed; false when another call changed or deleted the switch meanwhile
     */
    public boolean change(String type, RouteSwitchMode from, RouteSwitchMode to, Instant now) {
        return this.jdbc.update(this.statements.change, parameters(type, to, now).addValue("from", from.name())) == 1;
    }

    /**
     * @param type a message type
     * @return whether it had a switch, now deleted
     */
    public boolean delete(String type) {
        return this.jdbc.update(this.statements.delete, new MapSqlParameterSource("type", type)) > 0;
    }

    private static MapSqlParameterSource parameters(String type, RouteSwitchMode mode, Instant now) {
        return new MapSqlParameterSource("type", type).addValue("mode", mode.name())
                .addValue("switchedAt", Timestamps.toColumn(now));
    }
}
