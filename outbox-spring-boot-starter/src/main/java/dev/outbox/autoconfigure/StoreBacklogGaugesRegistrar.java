/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.util.Map;

import dev.outbox.admin.BacklogGauges;
import dev.outbox.admin.OutboxAdmin;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.core.env.Environment;

/**
 * Registers the {@link BacklogGauges} of each store of {@code outbox.stores}, tagged with the store's name, where
 * {@link OutboxMetricsAutoConfiguration} defines those of the application's one store.
 */
final class StoreBacklogGaugesRegistrar extends StoresRegistrar {

    @Override
    void register(Map<String, OutboxProperties.Store> stores, BeanDefinitionRegistry registry,
            ListableBeanFactory beans, Environment environment) {
        for (String store : stores.keySet()) {
            DeclaredStores.register(registry, store, "OutboxBacklogGauges", BacklogGauges.class, false, () -> {
                OutboxAdmin admin = beans.getBean(DeclaredStores.beanName(store, "OutboxAdmin"), OutboxAdmin.class);
                return new BacklogGauges(store, admin::backlog,
                        beans.getBean(OutboxAutoConfiguration.CLOCK_BEAN_NAME, Clock.class),
                        beans.getBean(MeterRegistry.class));
            });
        }
    }
}
