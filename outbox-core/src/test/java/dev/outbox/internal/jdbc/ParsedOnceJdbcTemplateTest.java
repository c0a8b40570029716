/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.DatabaseType;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.ParsedSql;

import static org.assertj.core.api.Assertions.assertThat;

class ParsedOnceJdbcTemplateTest {

    @Test
    void keepsTheParseOfEveryStatementWhereSpringsCacheWouldHaveEvictedIt() {
        ParsedOnceJdbcTemplate jdbc = new ParsedOnceJdbcTemplate(new JdbcTemplate());
        ClaimStatements statements = ClaimStatements.of(new TableName("orders_outbox"), DatabaseType.MYSQL);
        ParsedSql first = jdbc.getParsedSql(statements.markSent().statement(1));

        // More numbered statements than Spring's LRU holds, as a batch size above 256 can ask for.
        for (int rows = 2; rows <= NamedParameterJdbcTemplate.DEFAULT_CACHE_LIMIT + 10; rows++) {
            jdbc.getParsedSql(statements.markSent().statement(rows));
        }

        assertThat(jdbc.getParsedSql(statements.markSent().statement(1))).isSameAs(first);
    }
}
