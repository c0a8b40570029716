/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;
import org.jspecify.annotations.Nullable;

/**
 * The statements of the outbox's per-key counters, in the outbox table's sequence table
 * ({@link TableName#sequenceTable}), each whole, with named parameters, written for the store once, at
 * construction ({@link StatementText}). Taking a number is an upsert that locks the key's row until the saving
 * transaction ends, each database's written out: on PostgreSQL it returns the number, on MySQL and H2 a read of
 * the locked row follows it.
 */
final class SequenceStatements {

    private static final String NEXT_MYSQL = """
            INSERT INTO local_message_sequence (ordering_key, last_sequence)
            VALUES (:orderingKey, 1)
            ON DUPLICATE KEY UPDATE last_sequence = last_sequence + 1""";

    private static final String NEXT_POSTGRES = """
            INSERT INTO local_message_sequence (ordering_key, last_sequence)
            VALUES (:orderingKey, 1)
            ON CONFLICT (ordering_key) DO UPDATE SET last_sequence = local_message_sequence.last_sequence + 1
            RETURNING last_sequence""";

    private static final String NEXT_H2 = """
            MERGE INTO local_message_sequence existing
            USING (VALUES (CAST(:orderingKey AS VARCHAR(256)))) taken (ordering_key)
                ON existing.ordering_key = taken.ordering_key
            WHEN MATCHED THEN UPDATE SET last_sequence = existing.last_sequence + 1
            WHEN NOT MATCHED THEN INSERT (ordering_key, last_sequence) VALUES (taken.ordering_key, 1)""";

    /** The upsert before it locked the row and wrote the number, which a read of the same transaction sees. */
    private static final String READ = """
            SELECT last_sequence FROM local_message_sequence WHERE ordering_key = :orderingKey""";

    /** Gives a number back while the transaction that took it still holds the key's row. */
    private static final String GIVE_BACK = """
            UPDATE local_message_sequence SET last_sequence = last_sequence - 1
            WHERE ordering_key = :orderingKey AND last_sequence = :sequence""";

    /** Takes the key's next number; on PostgreSQL it returns it, elsewhere {@link #read} does. */
    final String next;

    /** Reads the number {@link #next} took, or null where {@link #next} returns it. */
    final @Nullable String read;

    final String giveBack;

    SequenceStatements(TableName table, DatabaseType dialect) {
        this.next = forTable(switch (dialect) {
            case MYSQL -> NEXT_MYSQL;
            case POSTGRESQL -> NEXT_POSTGRES;
            case H2 -> NEXT_H2;
        }, table);
        this.read = (dialect == DatabaseType.POSTGRESQL) ? null
                : forTable(READ, table);
        this.giveBack = forTable(GIVE_BACK, table);
    }

    private static String forTable(String sql, TableName table) {
        return StatementText.forSequenceTable(sql, OutboxStore.DEFAULT_OUTBOX_TABLE, table);
    }
}
