/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.springframework.util.ClassUtils;

/**
 * Fails the start when {@code outbox.schema.mode=separate}, the default, cannot work because Flyway is not on the
 * class path: the starter leaves Flyway to the application, which needs none with {@code outbox.schema.mode=none}.
 * The check runs before anything of Flyway's is loaded, so the failure names the dependency rather than a class.
 */
final class SeparateSchemaCheck {

    static final String FLYWAY = "org.flywaydb.core.Flyway";

    private SeparateSchemaCheck() {
    }

    /**
     * @param classLoader the application's class loader
     * @throws IllegalStateException when Flyway is missing
     */
    static void requireFlyway(@Nullable ClassLoader classLoader) {
        if (!ClassUtils.isPresent(FLYWAY, classLoader)) {
            throw new IllegalStateException("outbox.schema.mode=separate (the default) migrates the outbox tables "
                    + "with Flyway, which is not on the class path: add org.flywaydb:flyway-core, with "
                    + "flyway-mysql for MySQL or MariaDB or flyway-database-postgresql for PostgreSQL (or "
                    + "spring-boot-starter-flyway), or set outbox.schema.mode=none and create the tables yourself "
                    + "from the scripts in the outbox-core jar, under db/outbox");
        }
    }
}
