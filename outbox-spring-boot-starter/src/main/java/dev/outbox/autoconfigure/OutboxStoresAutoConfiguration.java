/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import javax.sql.DataSource;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * Auto-configures one outbox per store of {@code outbox.stores}, for an application with several databases:
 * each store has its own tables, dispatcher, cleanup, metrics, health and endpoint view, and its beans are
 * qualified with its name, as in {@code @Qualifier("orders") OutboxTemplate}. Nothing is registered when no
 * store is declared; {@link OutboxAutoConfiguration} then configures the one store of the application's
 * DataSource.
 */
@AutoConfiguration(before = OutboxAutoConfiguration.class,
        after = { DataSourceAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class })
@ConditionalOnBean(DataSource.class)
@ConditionalOnBooleanProperty(name = "outbox.enabled", matchIfMissing = true)
@Import(OutboxStoresRegistrar.class)
public final class OutboxStoresAutoConfiguration {

    OutboxStoresAutoConfiguration() {
    }
}
