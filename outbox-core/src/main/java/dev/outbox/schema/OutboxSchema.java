/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.schema;

import java.util.Map;

import dev.outbox.OutboxStore;
import dev.outbox.internal.jdbc.DatabaseDialect;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * The Flyway migrations of the outbox table, the inbox table and the cleanup's archive table: where they
 * are, what they need,
 * and how to apply them with a history table of their own, apart from the application's migrations.
 * Needs {@code flyway-core} (and Flyway's module for the database) on the class path.
 */
public final class OutboxSchema {

    /** The history table of the outbox's own migrations. */
    public static final String HISTORY_TABLE = "outbox_schema_history";

    /** The placeholder the migrations use for the outbox table's name. */
    public static final String TABLE_PLACEHOLDER = "outbox_table";

    /** The placeholder the migrations use for the inbox table's name. */
    public static final String INBOX_TABLE_PLACEHOLDER = "inbox_table";

    /** The placeholder the migrations use for the archive table's name. */
    public static final String ARCHIVE_TABLE_PLACEHOLDER = "archive_table";

    private OutboxSchema() {
    }

    /**
     * @param store the store whose tables the migrations create
     * @return the Flyway location of the migrations for the store's database
     */
    public static String location(OutboxStore store) {
        return DatabaseDialect.of(store.databaseType()).schemaLocation();
    }

    /**
     * @param store the store whose tables the migrations create
     * @return the placeholders the migrations need: the names of the store's tables
     */
    public static Map<String, String> placeholders(OutboxStore store) {
        return Map.of(TABLE_PLACEHOLDER, store.outboxTable(), INBOX_TABLE_PLACEHOLDER, store.inboxTable(),
                ARCHIVE_TABLE_PLACEHOLDER, store.archiveTable());
    }

    /**
     * Creates or upgrades the store's outbox table, inbox table and archive table, recording the
     * migrations in {@value #HISTORY_TABLE}.
     *
     * @param store the store whose tables to create or upgrade
     * @return what Flyway did
     */
    public static MigrateResult migrate(OutboxStore store) {
        return Flyway.configure(OutboxSchema.class.getClassLoader())
                .dataSource(store.dataSource())
                .locations(location(store))
                .table(HISTORY_TABLE)
                .placeholders(placeholders(store))
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
    }
}
