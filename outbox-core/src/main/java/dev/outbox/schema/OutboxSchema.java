/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.schema;

import java.util.Map;

import javax.sql.DataSource;

import dev.outbox.jdbc.DatabaseDialect;
import dev.outbox.jdbc.TableName;
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
     * @param tableName the outbox table
     * @param inboxTableName the inbox table
     * @param archiveTableName the archive table
     * @return the placeholders the migrations need
     */
    public static Map<String, String> placeholders(TableName tableName, TableName inboxTableName,
            TableName archiveTableName) {
        return Map.of(TABLE_PLACEHOLDER, tableName.value(), INBOX_TABLE_PLACEHOLDER, inboxTableName.value(),
                ARCHIVE_TABLE_PLACEHOLDER, archiveTableName.value());
    }

    /**
     * Creates or upgrades the outbox table, and the inbox and archive tables of their default names
     * ({@value TableName#DEFAULT_INBOX}, {@value TableName#DEFAULT_ARCHIVE}).
     *
     * @param dataSource the outbox's data source
     * @param dialect its dialect
     * @param tableName the outbox table
     * @return what Flyway did
     * @see #migrate(DataSource, DatabaseDialect, TableName, TableName)
     */
    public static MigrateResult migrate(DataSource dataSource, DatabaseDialect dialect, TableName tableName) {
        return migrate(dataSource, dialect, tableName, TableName.defaultInboxName());
    }

    /**
     * Creates or upgrades the outbox table, the inbox table, and the archive table of its default name
     * ({@value TableName#DEFAULT_ARCHIVE}).
     *
     * @param dataSource the outbox's data source
     * @param dialect its dialect
     * @param tableName the outbox table
     * @param inboxTableName the inbox table
     * @return what Flyway did
     * @see #migrate(DataSource, DatabaseDialect, TableName, TableName, TableName)
     */
    public static MigrateResult migrate(DataSource dataSource, DatabaseDialect dialect, TableName tableName,
            TableName inboxTableName) {
        return migrate(dataSource, dialect, tableName, inboxTableName, TableName.defaultArchiveName());
    }

    /**
     * Creates or upgrades the outbox table, the inbox table and the archive table, recording the
     * migrations in {@value #HISTORY_TABLE}.
     *
     * @param dataSource the outbox's data source
     * @param dialect its dialect
     * @param tableName the outbox table
     * @param inboxTableName the inbox table
     * @param archiveTableName the table the cleanup copies deleted rows to, when it archives
     * @return what Flyway did
     */
    public static MigrateResult migrate(DataSource dataSource, DatabaseDialect dialect, TableName tableName,
            TableName inboxTableName, TableName archiveTableName) {
        return Flyway.configure(OutboxSchema.class.getClassLoader())
                .dataSource(dataSource)
                .locations(dialect.schemaLocation())
                .table(HISTORY_TABLE)
                .placeholders(placeholders(tableName, inboxTableName, archiveTableName))
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
    }
}
