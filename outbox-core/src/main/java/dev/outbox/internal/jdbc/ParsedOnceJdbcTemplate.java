/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterUtils;
import org.springframework.jdbc.core.namedparam.ParsedSql;

/**
 * Binds a store's statements by name, parsing each one once. Spring's template keeps the parses in an LRU
 * cache of 256 statements, which the numbered statements (one per count of rows or keys, up to the batch
 * size) can outgrow, evicting and parsing again. The store's statements are a bounded set, written at
 * construction or once per count ({@link ClaimStatements}), so here every parse is kept; a kept statement
 * is found by the hash its string caches and by identity.
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
}
