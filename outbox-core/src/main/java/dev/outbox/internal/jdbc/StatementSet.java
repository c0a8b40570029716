/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.DatabaseType;

/**
 * A store's statements in its database's SQL, written once, when the store is built.
 *
 * @param claims the claim, its runs, the hand-off's ordering check and the sends' outcomes
 * @param messages the insert and the reads and marks of one message
 * @param sequences the per-key counters of sequenced messages
 * @param switches the message types switched away from their broker
 * @param inbox the inbox's
 * @param admin the operators'
 * @param cleanup the cleanup's
 */
record StatementSet(ClaimStatements claims, MessageStatements messages, SequenceStatements sequences,
        RouteSwitchStatements switches, InboxStatements inbox, AdminStatements admin, CleanupStatements cleanup) {

    /**
     * @param dialect the database's dialect
     * @param outboxTable the outbox table
     * @param inboxTable the inbox table
     * @param archiveTable the table the cleanup archives to
     * @return the statements on those tables
     */
    static StatementSet of(DatabaseType dialect, TableName outboxTable, TableName inboxTable,
            TableName archiveTable) {
        return new StatementSet(ClaimStatements.of(outboxTable, dialect), new MessageStatements(outboxTable, dialect),
                new SequenceStatements(outboxTable, dialect), new RouteSwitchStatements(outboxTable),
                new InboxStatements(inboxTable, dialect), new AdminStatements(outboxTable, inboxTable, dialect),
                new CleanupStatements(outboxTable, archiveTable, dialect));
    }
}
