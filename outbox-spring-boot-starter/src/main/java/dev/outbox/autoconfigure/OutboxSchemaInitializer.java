/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import javax.sql.DataSource;

import dev.outbox.jdbc.DatabaseDialect;
import dev.outbox.jdbc.TableName;
import dev.outbox.schema.OutboxSchema;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;

/**
 * Creates or upgrades the outbox table, the inbox table and the cleanup's archive table when the
 * application starts
 * ({@code outbox.schema.mode=separate}), with the outbox's own Flyway history table
 * {@value OutboxSchema#HISTORY_TABLE}, so that it never mixes with the application's migrations.
 *
 * <p>Spring Boot knows it as a database initializer: it runs after the application's own Flyway or
 * Liquibase migrations (which must find their schema as they left it), and before the beans that
 * depend on database initialization, such as the {@link dev.outbox.OutboxTemplate}. Define a bean
 * of this type to migrate differently, for example another data source.
 */
public final class OutboxSchemaInitializer implements InitializingBean {

    private static final Logger logger = LoggerFactory.getLogger(OutboxSchemaInitializer.class);

    private final DataSource dataSource;

    private final DatabaseDialect dialect;

    private final TableName tableName;

    private final TableName inboxTableName;

    private final TableName archiveTableName;

    /**
     * Migrates with the archive table of its default name, {@value TableName#DEFAULT_ARCHIVE}.
     *
     * @param dataSource the data source of the outbox table
     * @param dialect its dialect
     * @param tableName the outbox table
     * @param inboxTableName the inbox table
     */
    public OutboxSchemaInitializer(DataSource dataSource, DatabaseDialect dialect, TableName tableName,
            TableName inboxTableName) {
        this(dataSource, dialect, tableName, inboxTableName, TableName.defaultArchiveName());
    }

    /**
     * @param dataSource the data source of the outbox table
     * @param dialect its dialect
     * @param tableName the outbox table
     * @param inboxTableName the inbox table
     * @param archiveTableName the table the cleanup archives deleted messages to
     */
    public OutboxSchemaInitializer(DataSource dataSource, DatabaseDialect dialect, TableName tableName,
            TableName inboxTableName, TableName archiveTableName) {
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.tableName = tableName;
        this.inboxTableName = inboxTableName;
        this.archiveTableName = archiveTableName;
    }

    /**
     * Applies the outbox's pending migrations.
     */
    @Override
    public void afterPropertiesSet() {
        MigrateResult result = OutboxSchema.migrate(this.dataSource, this.dialect, this.tableName,
                this.inboxTableName, this.archiveTableName);
        logger.info("Outbox table {}, inbox table {} and archive table {} are at schema version {} ({} migration(s) "
                + "applied, history in {})", this.tableName, this.inboxTableName, this.archiveTableName,
                result.targetSchemaVersion, result.migrationsExecuted, OutboxSchema.HISTORY_TABLE);
    }
}
