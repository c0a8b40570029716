/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers beans for each store of {@code outbox.stores}, and nothing when none is declared.
 */
abstract class StoresRegistrar implements ImportBeanDefinitionRegistrar, EnvironmentAware, BeanFactoryAware {

    private @Nullable Environment environment;

    private @Nullable ListableBeanFactory beanFactory;

    @Override
    public final void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public final void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = (ListableBeanFactory) beanFactory;
    }

    @Override
    public final void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        if (this.environment == null || this.beanFactory == null) {
            throw new IllegalStateException("the registrar was not given its environment and bean factory");
        }
        Map<String, OutboxProperties.Store> stores = DeclaredStores.in(this.environment);
        if (!stores.isEmpty()) {
            register(stores, registry, this.beanFactory, this.environment);
        }
    }

    /**
     * @param stores the declared stores by name, at least one
     * @param beans where the registered beans' suppliers find the beans they are built from, once created
     */
    abstract void register(Map<String, OutboxProperties.Store> stores, BeanDefinitionRegistry registry,
            ListableBeanFactory beans, Environment environment);
}
