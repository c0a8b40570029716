/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;

import dev.outbox.admin.OutboxAdmin;
import dev.outbox.metrics.BacklogGauges;
import io.micrometer.core.instrument.MeterRegistry;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers the {@link BacklogGauges} of each store of {@code outbox.stores}, tagged with the store's name, where
 * {@link OutboxMetricsAutoConfiguration} defines those of the application's one store.
 */
final class StoreBacklogGaugesRegistrar implements ImportBeanDefinitionRegistrar, EnvironmentAware,
        BeanFactoryAware {

    private @Nullable Environment environment;

    private @Nullable BeanFactory beanFactory;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = beanFactory;
    }

    @Override
    public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        BeanFactory beans = OutboxStoresRegistrar.require(this.beanFactory);
        for (String store : DeclaredStores.in(OutboxStoresRegistrar.require(this.environment)).keySet()) {
            DeclaredStores.register(registry, store, "OutboxBacklogGauges", BacklogGauges.class, false, () -> {
                OutboxAdmin admin = beans.getBean(DeclaredStores.beanName(store, "OutboxAdmin"), OutboxAdmin.class);
                return new BacklogGauges(store, admin::backlog,
                        beans.getBean(OutboxAutoConfiguration.CLOCK_BEAN_NAME, Clock.class),
                        beans.getBean(MeterRegistry.class));
            });
        }
    }
}
