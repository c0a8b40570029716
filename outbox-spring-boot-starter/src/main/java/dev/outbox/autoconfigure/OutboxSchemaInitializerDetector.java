/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.Set;

import org.springframework.boot.sql.init.dependency.AbstractBeansOfTypeDatabaseInitializerDetector;

/**
 * Tells Spring Boot that {@link OutboxSchemaInitializer} beans initialize the database. Ordered after
 * the detectors of Flyway and Liquibase (order 0 and 1), so the outbox's migrations run after the
 * application's: an application's first Flyway migration refuses a non-empty schema without its
 * history table. Ordered before the SQL script initializer, so that {@code data.sql} may use the
 * outbox table.
 */
final class OutboxSchemaInitializerDetector extends AbstractBeansOfTypeDatabaseInitializerDetector {

    /** After Flyway and Liquibase, before the SQL script initializer. */
    static final int ORDER = 100;

    @Override
    protected Set<Class<?>> getDatabaseInitializerBeanTypes() {
        return Set.of(OutboxSchemaInitializer.class);
    }

    @Override
    public int getOrder() {
        return ORDER;
    }
}
