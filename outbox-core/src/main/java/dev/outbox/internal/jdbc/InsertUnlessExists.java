/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.OptionalLong;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;

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
    static OptionalLong run(ParsedOnceJdbcTemplate jdbc, String insert, SqlParameterSource values) {
        try {
            // MySQL's drivers report an updated row count for a duplicate too (found rows), so the
            // absence of a generated key is what tells a duplicate apart.
            return jdbc.insertReturningId(insert, values);
        }
        catch (DuplicateKeyException ex) {
            // Only on databases without an insert-unless-exists form (H2), where the failed statement
            // leaves the transaction usable.
            return OptionalLong.empty();
        }
    }
}
