/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.ResultSet;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCreator;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterUtils;
import org.springframework.jdbc.core.namedparam.ParsedSql;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;

/**
 * Binds a store's statements by name, parsing each one once. Spring's template keeps the parses in an LRU
 * cache of 256 statements, which the numbered statements (one per count of rows or keys, up to the batch
 * size) can outgrow, evicting and parsing again. The store's statements are a bounded set, written at
 * construction or once per count ({@link ClaimStatements}), so here every parse is kept; a kept statement
 * is found by the hash its string caches and by identity.
 * <p>
 * An insert's generated id is read straight from the driver ({@link #insertReturningId}): Spring's
 * {@code GeneratedKeyHolder} maps each key row into a case-insensitive map first, which was the largest single
 * part of a save's client CPU (docs/benchmarks.md, "Where the write path's time goes").
 */
final class ParsedOnceJdbcTemplate extends NamedParameterJdbcTemplate {

    private final Map<String, ParsedSql> parsed = new ConcurrentHashMap<>();

    /**
     * @param jdbc runs the statements, with the placeholders of each parse
     */
    ParsedOnceJdbcTemplate(JdbcTemplate jdbc) {
        super(jdbc);
    }

    @Override
    protected ParsedSql getParsedSql(String sql) {
        return this.parsed.computeIfAbsent(sql, NamedParameterUtils::parseSqlStatement);
    }

    /**
     * Runs an insert of at most one row and reads the id the database generated for it.
     *
     * @param insert the insert, with named parameters
     * @param values its parameters
     * @return the new row's id, or empty when the statement inserted no row and so generated no id
     */
    OptionalLong insertReturningId(String insert, SqlParameterSource values) {
        PreparedStatementCreator creator = getPreparedStatementCreator(insert, values,
                factory -> factory.setGeneratedKeysColumnNames("id"));
        return getJdbcOperations().execute(creator, statement -> {
            statement.executeUpdate();
            try (ResultSet keys = statement.getGeneratedKeys()) {
                if (!keys.next()) {
                    return OptionalLong.empty();
                }
                long generated = keys.getLong(1);
                return keys.wasNull() ? OptionalLong.empty() : OptionalLong.of(generated);
            }
        });
    }
}
