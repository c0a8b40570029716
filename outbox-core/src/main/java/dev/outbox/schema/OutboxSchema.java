/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.schema;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.OutboxStore;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.output.MigrateResult;
import org.jspecify.annotations.Nullable;

/**
 * The Flyway migrations of the outbox table, the inbox table and the cleanup's archive table: where they
 * are, what they need,
 * and how to apply them with a history table of their own, apart from the application's migrations.
 * Needs {@code flyway-core} (and Flyway's module for the database) on the class path.
 *
 * <p>Each store has its own history table, named after its outbox table ({@link #historyTable}), so that
 * several stores with different table names in one database each get their tables.
 */
public final class OutboxSchema {

    /**
     * The history table of the migrations of a store with the default outbox table; before each store had a
     * history of its own, that of every store.
     */
    public static final String HISTORY_TABLE = TableName.SHARED_HISTORY_TABLE;

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
        return store.databaseType().schemaLocation();
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
     * @param store a store
     * @return the history table of the migrations of its tables: {@value #HISTORY_TABLE} for the default outbox
     * table ({@value OutboxStore#DEFAULT_OUTBOX_TABLE}), else the outbox table's name followed by
     * {@code _flyway_history}
     */
    public static String historyTable(OutboxStore store) {
        return new TableName(store.outboxTable()).historyTable();
    }

    /**
     * Creates or upgrades the store's outbox table, inbox table and archive table, recording the
     * migrations in the store's {@link #historyTable}. A store whose tables were created when every store's
     * history was {@value #HISTORY_TABLE} starts its own history at the version recorded there, rather than
     * creating its tables again.
     *
     * @param store the store whose tables to create or upgrade
     * @return what Flyway did
     */
    public static MigrateResult migrate(OutboxStore store) {
        String history = historyTable(store);
        return flyway(store, history).baselineVersion(baselineVersion(store, history)).load().migrate();
    }

    private static FluentConfiguration flyway(OutboxStore store, String history) {
        return Flyway.configure(OutboxSchema.class.getClassLoader())
                .dataSource(store.dataSource())
                .locations(location(store))
                .table(history)
                .placeholders(placeholders(store))
                .baselineOnMigrate(true)
                .baselineVersion("0");
    }

    /**
     * Flyway baselines a history it creates in a schema that has tables already: at 0 when the store's tables are
     * new, or at the shared history's version when they exist and it recorded them.
     */
    private static String baselineVersion(OutboxStore store, String history) {
        if (history.equals(HISTORY_TABLE) || current(store, history) != null || !outboxTableExists(store)) {
            return "0";
        }
        MigrationInfo shared = current(store, HISTORY_TABLE);
        return (shared != null && shared.getVersion() != null) ? shared.getVersion().getVersion() : "0";
    }

    private static @Nullable MigrationInfo current(OutboxStore store, String history) {
        return flyway(store, history).load().info().current();
    }

    private static boolean outboxTableExists(OutboxStore store) {
        try (Connection connection = store.dataSource().getConnection();
                Statement statement = connection.createStatement()) {
            // The name is a checked identifier. Looked up as the outbox's statements are, through the search path.
            statement.executeQuery("SELECT 1 FROM " + store.outboxTable() + " WHERE 1 = 0").close();
            return true;
        }
        catch (SQLException ex) {
            return false;
        }
    }
}
