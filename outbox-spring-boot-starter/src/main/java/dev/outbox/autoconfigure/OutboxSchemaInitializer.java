/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.schema.OutboxSchema;
import dev.outbox.store.OutboxStore;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;

/**
 * Creates or upgrades the outbox table, the inbox table and the cleanup's archive table when the
 * application starts
 * ({@code outbox.schema.mode=separate}), with the store's own Flyway history table
 * ({@link OutboxSchema#historyTable}: {@value OutboxSchema#HISTORY_TABLE} for the default outbox table), so that
 * it never mixes with the application's migrations nor with another store's.
 *
 * <p>Spring Boot knows it as a database initializer: it runs after the application's own Flyway or
 * Liquibase migrations (which must find their schema as they left it), and before the beans that
 * depend on database initialization, such as the {@link dev.outbox.OutboxTemplate}. Define a bean
 * of this type to migrate differently, for example the tables of another store.
 */
public final class OutboxSchemaInitializer implements InitializingBean {

    private static final Logger logger = LoggerFactory.getLogger(OutboxSchemaInitializer.class);

    private final OutboxStore store;

    /**
     * @param store the store whose outbox, inbox and archive tables to create or upgrade
     */
    public OutboxSchemaInitializer(OutboxStore store) {
        this.store = store;
    }

    /**
     * Applies the outbox's pending migrations.
     */
    @Override
    public void afterPropertiesSet() {
        MigrateResult result = OutboxSchema.migrate(this.store);
        logger.info("Outbox table {}, inbox table {} and archive table {} are at schema version {} ({} migration(s) "
                + "applied, history in {})", this.store.outboxTable(), this.store.inboxTable(),
                this.store.archiveTable(), result.targetSchemaVersion, result.migrationsExecuted,
                OutboxSchema.historyTable(this.store));
    }
}
