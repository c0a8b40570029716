/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.OptionalLong;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

/**
 * Runs an insert that is a no-op for a duplicate key where the database can say so ({@link MessageStatements},
 * {@link InboxStatements}) in the current transaction, and tells a new row from a duplicate, on every
 * database: a duplicate never raises an error that would abort a PostgreSQL transaction.
 */
final class InsertUnlessExists {

    private InsertUnlessExists() {
    }

    /**
     * @param jdbc where to run it
     * @param insert the insert, in the database's form
     * @param values its parameters
     * @return the new row's id, or empty when a row with the same unique key existed
     */
    static OptionalLong run(NamedParameterJdbcTemplate jdbc, String insert, SqlParameterSource values) {
        KeyHolder keys = new GeneratedKeyHolder();
        try {
            jdbc.update(insert, values, keys, new String[] { "id" });
        }
        catch (DuplicateKeyException ex) {
            // Only on databases without an insert-unless-exists form (H2), where the failed statement
            // leaves the transaction usable.
            return OptionalLong.empty();
        }
        // MySQL's drivers report an updated row count for a duplicate too (found rows), so the
        // absence of a generated key is what tells a duplicate apart.
        Number id = keys.getKeyList().isEmpty() ? null : keys.getKey();
        return (id != null) ? OptionalLong.of(id.longValue()) : OptionalLong.empty();
    }
}
