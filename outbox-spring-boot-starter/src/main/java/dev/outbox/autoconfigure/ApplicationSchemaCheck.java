/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import org.flywaydb.core.Flyway;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.util.ClassUtils;

/**
 * Fails the start when {@code outbox.schema.mode=application} cannot work: when Spring Boot's Flyway
 * auto-configuration is not on the class path, or when no Flyway bean picked up the outbox's
 * migrations (for example {@code spring.flyway.enabled=false}, or a Flyway bean of the
 * application's own that ignores {@code FlywayConfigurationCustomizer} beans). Without it the
 * application would start without the outbox table.
 */
final class ApplicationSchemaCheck implements SmartInitializingSingleton {

    static final String FLYWAY_CUSTOMIZER = "org.springframework.boot.flyway.autoconfigure.FlywayConfigurationCustomizer";

    private final ListableBeanFactory beanFactory;

    private volatile boolean customizerApplied;

    ApplicationSchemaCheck(ListableBeanFactory beanFactory, @Nullable ClassLoader classLoader) {
        if (!ClassUtils.isPresent(FLYWAY_CUSTOMIZER, classLoader)) {
            throw new IllegalStateException("outbox.schema.mode=application needs Spring Boot's Flyway "
                    + "auto-configuration, which is not on the class path: add spring-boot-starter-flyway "
                    + "(org.springframework.boot:spring-boot-flyway), or set outbox.schema.mode=separate to let the "
                    + "outbox migrate its table itself");
        }
        this.beanFactory = beanFactory;
    }

    void customizerApplied() {
        this.customizerApplied = true;
    }

    @Override
    public void afterSingletonsInstantiated() {
        // Creates the Flyway beans where lazy initialization has not yet: creating them applies the customizer.
        this.beanFactory.getBeansOfType(Flyway.class);
        if (!this.customizerApplied) {
            throw new IllegalStateException("outbox.schema.mode=application, but no Spring Boot Flyway bean applied "
                    + "the outbox's migrations (is spring.flyway.enabled=false, or does the application define "
                    + "its own Flyway bean?); without them the outbox table is not created. Set "
                    + "outbox.schema.mode=separate to let the outbox migrate its table itself, or none if you "
                    + "create it");
        }
    }
}
