/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;

/**
 * Writes a statement for a store's tables. Statements are written against the default tables
 * ({@value OutboxStore#DEFAULT_OUTBOX_TABLE}, {@value OutboxStore#DEFAULT_INBOX_TABLE},
 * {@value OutboxStore#DEFAULT_ARCHIVE_TABLE}), so that each can be pasted into a database's shell as it
 * stands; this writes the store's names in their place, and the state sets out ({@link StateLists}), once,
 * when the statements are built.
 */
final class StatementText {

    private StatementText() {
    }

    /**
     * @param sql a statement written against the default outbox table
     * @param outbox the store's outbox table
     * @return the statement on the store's table
     */
    static String forOutbox(String sql, TableName outbox) {
        return forTable(sql, OutboxStore.DEFAULT_OUTBOX_TABLE, outbox);
    }

    /**
     * @param sql a statement written against a default table
     * @param defaultTable the default table's name
     * @param table the store's table in its place
     * @return the statement on the store's table, its state sets written out
     */
    static String forTable(String sql, String defaultTable, TableName table) {
        return replaced(sql, defaultTable, table.value());
    }

    /**
     * @param sql a statement written against the sequence table of a default table
     * @param defaultTable the default table's name
     * @param table the store's table, whose sequence table ({@link TableName#sequenceTable}) takes its place
     * @return the statement on the store's sequence table
     */
    static String forSequenceTable(String sql, String defaultTable, TableName table) {
        return replaced(sql, new TableName(defaultTable).sequenceTable(), table.sequenceTable());
    }

    /**
     * @param sql a statement written against the switch table of the default outbox table
     * @param outbox the store's outbox table, whose switch table ({@link TableName#switchTable}) takes its place
     * @return the statement on the store's switch table
     */
    static String forSwitchTable(String sql, TableName outbox) {
        return replaced(sql, new TableName(OutboxStore.DEFAULT_OUTBOX_TABLE).switchTable(), outbox.switchTable());
    }

    /**
     * @param sql a statement written against the idempotency table of the default outbox table
     * @param outbox the store's outbox table, whose idempotency table ({@link TableName#idempotencyTable}) takes
     * its place
     * @return the statement on the store's idempotency table
     */
    static String forIdempotencyTable(String sql, TableName outbox) {
        return replaced(sql, new TableName(OutboxStore.DEFAULT_OUTBOX_TABLE).idempotencyTable(),
                outbox.idempotencyTable());
    }

    private static String replaced(String sql, String defaultTable, String table) {
        // A whole word only: the archive's, the sequence and the switch table's default names start with the outbox's.
        Matcher name = Pattern.compile("\\b" + defaultTable + "\\b").matcher(sql);
        return StateLists.inline(name.replaceAll(Matcher.quoteReplacement(table)));
    }

    /**
     * @param read a select
     * @return the same select as a locking read: a last line {@code FOR UPDATE}
     */
    static String locking(String read) {
        return read + "\nFOR UPDATE";
    }

    /**
     * Under MySQL's REPEATABLE READ a plain read sees the transaction's snapshot, which may predate the commit
     * of a duplicate the insert before it met, or the state an update before it found; a locking read sees
     * the latest committed row (the insert or update already holds that row's lock, so it waits for
     * nothing). Elsewhere a plain read sees it.
     *
     * @param read a select of rows a statement of the same transaction just met
     * @param dialect the database's dialect
     * @return the select in the form that sees the rows as last committed
     */
    static String latestCommitted(String read, DatabaseType dialect) {
        return switch (dialect) {
            case MYSQL -> locking(read);
            case POSTGRESQL, H2 -> read;
        };
    }
}
