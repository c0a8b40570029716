/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterUtils;
import org.springframework.jdbc.core.namedparam.ParsedSql;

/**
 * The plan a database chooses for a query, as text: one line per row of its EXPLAIN, each column as
 * {@code name=value}.
 */
final class QueryPlan {

    private QueryPlan() {
    }

    /**
     * @param jdbc where to ask
     * @param query a statement with named parameters
     * @param parameters their values
     * @return the plan of the statement as the outbox binds it
     */
    static String explain(JdbcTemplate jdbc, String query, MapSqlParameterSource parameters) {
        ParsedSql parsed = NamedParameterUtils.parseSqlStatement(query);
        List<Object> arguments = new ArrayList<>();
        // Bound the way NamedParameterJdbcTemplate binds them: a collection is one placeholder per element.
        for (Object value : NamedParameterUtils.buildValueArray(parsed, parameters, null)) {
            if (value instanceof Collection<?> values) {
                arguments.addAll(values);
            }
            else {
                arguments.add(value);
            }
        }
        return explain(jdbc, NamedParameterUtils.substituteNamedParameters(parsed, parameters), arguments.toArray());
    }

    static String explain(JdbcTemplate jdbc, String query, Object... arguments) {
        List<String> plan = jdbc.query("EXPLAIN " + query, (ResultSet rs) -> {
            List<String> lines = new ArrayList<>();
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                StringBuilder line = new StringBuilder();
                for (int column = 1; column <= meta.getColumnCount(); column++) {
                    line.append(meta.getColumnLabel(column)).append('=').append(rs.getString(column)).append(' ');
                }
                lines.add(line.toString());
            }
            return lines;
        }, arguments);
        return String.join("\n", plan);
    }
}
