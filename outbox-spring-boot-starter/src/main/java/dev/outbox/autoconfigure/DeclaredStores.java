/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.AutowireCandidateQualifier;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The stores of {@code outbox.stores}, checked, and how their beans are named and registered: the bean of part
 * {@code OutboxTemplate} of the store {@code orders} is {@code ordersOutboxTemplate}, qualified {@code orders}.
 */
final class DeclaredStores {

    /**
     * The bean definition attribute of a store's beans that use its tables, so that they wait for the database
     * initialization, as {@code @DependsOnDatabaseInitialization} makes those of the one store wait.
     */
    static final String USES_TABLES_ATTRIBUTE = DeclaredStores.class.getName() + ".usesTables";

    private static final Pattern STORE_NAME = Pattern.compile("[a-z][a-z0-9-]*");

    private DeclaredStores() {
    }

    /**
     * @return the declared stores by name, in the order they were declared; empty when the application has the
     * one store of its DataSource
     * @throws InvalidOutboxPropertyException when a store's name is not a plain name or it names no DataSource
     */
    static Map<String, OutboxProperties.Store> in(Environment environment) {
        Binder binder = Binder.get(environment);
        // The names come from every property of a store: one that sets only, say, its table-name is still a store.
        Map<String, OutboxProperties.Store> stores = new LinkedHashMap<>();
        for (String name : binder.bind(OutboxSettings.STORES, Bindable.mapOf(String.class, Object.class))
                .orElseGet(Map::of).keySet()) {
            stores.put(name, binder.bindOrCreate(OutboxSettings.STORES + OutboxSettings.mapKey(name),
                    OutboxProperties.Store.class));
        }
        stores.forEach((name, store) -> {
            if (!STORE_NAME.matcher(name).matches()) {
                throw new IllegalStateException(OutboxSettings.STORES + OutboxSettings.mapKey(name) + " is not a "
                        + "store name: use lower-case letters, digits and dashes, starting with a letter (it names "
                        + "the store's beans, metrics and health)");
            }
            if (store.getDataSource() == null || store.getDataSource().isBlank()) {
                throw new IllegalStateException(dataSourceProperty(name) + " is required: the name of the "
                        + "DataSource bean whose database holds the store's tables");
            }
        });
        return stores;
    }

    /**
     * @return the property that names the store's DataSource bean
     */
    static String dataSourceProperty(String store) {
        return OutboxSettings.STORES + "." + store + ".data-source";
    }

    /**
     * @param store a store's name
     * @param part what the bean is, for example {@code OutboxTemplate}
     * @return the bean's name, for example {@code ordersOutboxTemplate}
     */
    static String beanName(String store, String part) {
        return store + part;
    }

    /**
     * Registers a bean of one store, qualified with the store's name, and destroyed as a {@code @Bean} is.
     *
     * @param usesTables whether the bean reads or writes the store's tables once created, so that it must wait
     * for the database initialization
     * @return the bean's name
     */
    static <T> String register(BeanDefinitionRegistry registry, String store, String part, Class<T> type,
            boolean usesTables, Supplier<T> instance) {
        RootBeanDefinition definition = new RootBeanDefinition(type);
        definition.setInstanceSupplier(instance);
        definition.addQualifier(new AutowireCandidateQualifier(Qualifier.class, store));
        if (usesTables) {
            definition.setAttribute(USES_TABLES_ATTRIBUTE, Boolean.TRUE);
        }
        definition.setDestroyMethodName(AbstractBeanDefinition.INFER_METHOD);
        String name = beanName(store, part);
        registry.registerBeanDefinition(name, definition);
        return name;
    }
}
