/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.DatabaseType;

/**
 * The statements of the idempotency keys, written for the store's idempotency table once, at construction
 * ({@link StatementText#forIdempotencyTable}). Where the databases differ, each database's statement is written out
 * and chosen here: the claim that is a no-op for a duplicate key (the inbox's forms, {@link InboxStatements}), the
 * read of a duplicate's row (a locking read on MySQL, {@link StatementText#latestCommitted}) and the delete of the
 * oldest rows.
 */
final class IdempotencyStatements {

    /** MySQL and MariaDB: a duplicate updates nothing, and returns no generated key. */
    private static final String CLAIM_MYSQL = """
            INSERT INTO local_message_idempotency (scope, idempotency_key, fingerprint, state, created_at)
            VALUES (:scope, :idempotencyKey, :fingerprint, 'IN_PROGRESS', :createdAt)
            ON DUPLICATE KEY UPDATE id = id""";

    /** PostgreSQL: a duplicate inserts nothing and raises no error, which would abort the transaction. */
    private static final String CLAIM_POSTGRES = """
            INSERT INTO local_message_idempotency (scope, idempotency_key, fingerprint, state, created_at)
            VALUES (:scope, :idempotencyKey, :fingerprint, 'IN_PROGRESS', :createdAt)
            ON CONFLICT (idempotency_key, scope) DO NOTHING""";

    /** H2 has no such clause; a duplicate key there fails only the statement, not the transaction. */
    private static final String CLAIM_H2 = """
            INSERT INTO local_message_idempotency (scope, idempotency_key, fingerprint, state, created_at)
            VALUES (:scope, :idempotencyKey, :fingerprint, 'IN_PROGRESS', :createdAt)""";

    private static final String FIND = """
            SELECT fingerprint, state, response_status, response_headers, response_body
            FROM local_message_idempotency
            WHERE idempotency_key = :idempotencyKey AND scope = :scope""";

    private static final String COMPLETE = """
            UPDATE local_message_idempotency
            SET state = 'COMPLETED', response_status = :status, response_headers = :headers, response_body = :body,
                completed_at = :completedAt
            WHERE id = :id""";

    /** MySQL and MariaDB limit the DELETE itself; they do not allow LIMIT in an IN subquery. */
    private static final String DELETE_CREATED_BEFORE_MYSQL = """
            DELETE FROM local_message_idempotency
            WHERE created_at < :cutoff
            ORDER BY created_at
            LIMIT :limit""";

    /** PostgreSQL and H2 have no DELETE … LIMIT: they delete the ids a limited subquery selects. */
    private static final String DELETE_CREATED_BEFORE = """
            DELETE FROM local_message_idempotency
            WHERE id IN (SELECT id FROM local_message_idempotency WHERE created_at < :cutoff ORDER BY created_at
                LIMIT :limit)""";

    final String claim;

    final String find;

    final String complete;

    final String deleteCreatedBefore;

    IdempotencyStatements(TableName outbox, DatabaseType dialect) {
        this.claim = StatementText.forIdempotencyTable(switch (dialect) {
            case MYSQL -> CLAIM_MYSQL;
            case POSTGRESQL -> CLAIM_POSTGRES;
            case H2 -> CLAIM_H2;
        }, outbox);
        this.find = StatementText.forIdempotencyTable(StatementText.latestCommitted(FIND, dialect), outbox);
        this.complete = StatementText.forIdempotencyTable(COMPLETE, outbox);
        this.deleteCreatedBefore = StatementText.forIdempotencyTable(switch (dialect) {
            case MYSQL -> DELETE_CREATED_BEFORE_MYSQL;
            case POSTGRESQL, H2 -> DELETE_CREATED_BEFORE;
        }, outbox);
    }
}
