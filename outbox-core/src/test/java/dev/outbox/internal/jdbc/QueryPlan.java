/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.util.ArrayList;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The plan a database chooses for a query, as text: one line per row of its EXPLAIN, each column as
 * {@code name=value}.
 */
final class QueryPlan {

    private QueryPlan() {
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
