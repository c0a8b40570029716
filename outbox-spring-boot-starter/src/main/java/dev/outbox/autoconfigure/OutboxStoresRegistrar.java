/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.cleanup.OutboxCleaner;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.consumer.mark.ConsumedMarker;
import dev.outbox.consumer.pull.MessagePuller;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.spi.PayloadSerializer;
import dev.outbox.spi.RetryDecision;
import dev.outbox.store.OutboxStore;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.ResourceTransactionManager;

/**
 * Registers the beans of each store of {@code outbox.stores}, as {@link OutboxAutoConfiguration} defines them for
 * the application's one store, each qualified with the store's name: its {@link OutboxStore}, schema initializer,
 * {@link OutboxTemplate}, {@link Inbox}, {@link ConsumedMarker} and {@link OutboxAdmin}; with the dispatcher
 * enabled its {@link Dispatcher} and, for {@code outbox.pull.topics}, its {@link MessagePuller}; with the cleanup
 * enabled its {@link OutboxCleaner} and cleanup job. They are registered before {@link OutboxAutoConfiguration}
 * is processed, so that its beans of the one store back off.
 */
final class OutboxStoresRegistrar extends StoresRegistrar {

    @Override
    void register(Map<String, OutboxProperties.Store> stores, BeanDefinitionRegistry registry,
            ListableBeanFactory beans, Environment environment) {
        OutboxProperties properties = Binder.get(environment).bindOrCreate(OutboxSettings.PREFIX,
                OutboxProperties.class);
        if (properties.getSchema().getMode() == OutboxProperties.SchemaMode.APPLICATION) {
            // Spring Boot's Flyway migrates one DataSource, so it cannot create the tables of several stores.
            throw new IllegalStateException("outbox.schema.mode=application cannot create the tables of several "
                    + "stores (outbox.stores), since Spring Boot's Flyway migrates one DataSource: use separate, "
                    + "which migrates each store's tables at start, or none if the application creates them");
        }
        if (properties.getSchema().getMode() == OutboxProperties.SchemaMode.SEPARATE) {
            SeparateSchemaCheck.requireFlyway(
                    (beans instanceof ConfigurableBeanFactory factory) ? factory.getBeanClassLoader() : null);
        }
        stores.forEach((name, store) -> new StoreRegistration(registry, beans, environment, properties, name, store)
                .register());
    }

    /** The beans of one store. */
    private static final class StoreRegistration {

        private final BeanDefinitionRegistry registry;

        private final ListableBeanFactory beans;

        private final Environment environment;

        private final OutboxProperties properties;

        private final String name;

        private final OutboxProperties.Store store;

        StoreRegistration(BeanDefinitionRegistry registry, ListableBeanFactory beans, Environment environment,
                OutboxProperties properties, String name, OutboxProperties.Store store) {
            this.registry = registry;
            this.beans = beans;
            this.environment = environment;
            this.properties = properties;
            this.name = name;
            this.store = store;
        }

        void register() {
            register("OutboxStore", OutboxStore.class, false, () -> components().store(dataSource(),
                    this.name, this.beans.getBeanProvider(OutboxStoreCustomizer.class).orderedStream()));
            if (this.properties.getSchema().getMode() == OutboxProperties.SchemaMode.SEPARATE) {
                register("OutboxSchemaInitializer", OutboxSchemaInitializer.class, false,
                        () -> new OutboxSchemaInitializer(outboxStore()));
            }
            String dispatcherBean = null;
            if (this.properties.getDispatcher().isEnabled()) {
                dispatcherBean = register("OutboxDispatcher", Dispatcher.class, true, this::dispatcher);
                String dispatcher = dispatcherBean;
                register("OutboxDispatcherLifecycle", OutboxDispatcherLifecycle.class, false,
                        () -> new OutboxDispatcherLifecycle(this.beans.getBean(dispatcher, Dispatcher.class),
                                this.properties.getDispatcher().isAutoStartup()));
                register("OutboxMessagePuller", MessagePuller.class, true, () -> components()
                        .puller(outboxStore(), this.properties.getPull().getTopics(), bean(RetryPolicies.class),
                                bean(OutboxMetrics.class), bean(OutboxObservations.class), clock()));
            }
            String dispatcher = dispatcherBean;
            register("OutboxTemplate", OutboxTemplate.class, true, () -> components().template(outboxStore(),
                    bean(PayloadSerializer.class), bean(OutboxMetrics.class), bean(OutboxObservations.class),
                    optionalDispatcher(dispatcher), clock(),
                    this.beans.getBeanProvider(OutboxTemplateCustomizer.class).orderedStream()));
            register("OutboxInbox", Inbox.class, true,
                    () -> StoreComponents.inbox(outboxStore(), bean(OutboxObservations.class), clock()));
            register("OutboxConsumedMarker", ConsumedMarker.class, false,
                    () -> ConsumedMarker.builder(outboxStore()).clock(clock()).build());
            register("OutboxAdmin", OutboxAdmin.class, false,
                    () -> StoreComponents.admin(outboxStore(), optionalDispatcher(dispatcher),
                            (dispatcher != null) ? bean(MessageRoutes.class) : null, clock()));
            if (this.properties.getCleanup().isEnabled()) {
                String cleaner = register("OutboxCleaner", OutboxCleaner.class, false, () -> components()
                        .cleaner(outboxStore(), this.properties.getInbox().isCleanupEnabled()));
                register("OutboxCleanupJob", OutboxCleanupJob.class, true, () -> StoreComponents.cleanupJob(
                        this.beans.getBean(cleaner, OutboxCleaner.class), this.properties.getCleanup(), clock()));
            }
        }

        private <T> String register(String part, Class<T> type, boolean usesTables, Supplier<T> instance) {
            return DeclaredStores.register(this.registry, this.name, part, type, usesTables, instance);
        }

        private Dispatcher dispatcher() {
            return components().dispatcher(outboxStore(), bean(MessageRoutes.class), bean(RetryPolicies.class),
                    this.beans.getBeanProvider(RetryDecision.class).getIfUnique(), bean(OutboxMetrics.class),
                    bean(OutboxObservations.class), clock(), handlerTransactionManager(), OutboxThreads.of(this.environment),
                    this.beans.getBeanProvider(DispatcherCustomizer.class).orderedStream());
        }

        private StoreComponents components() {
            return new StoreComponents(OutboxSettings.of(this.environment).forStore(this.name));
        }

        private OutboxStore outboxStore() {
            return this.beans.getBean(DeclaredStores.beanName(this.name, "OutboxStore"), OutboxStore.class);
        }

        private @Nullable Dispatcher optionalDispatcher(@Nullable String dispatcherBean) {
            return (dispatcherBean != null) ? this.beans.getBean(dispatcherBean, Dispatcher.class) : null;
        }

        private DataSource dataSource() {
            String dataSource = this.store.getDataSource();
            if (dataSource == null || !this.beans.containsBean(dataSource)) {
                throw new IllegalStateException(DeclaredStores.dataSourceProperty(this.name) + " names no bean: '"
                        + dataSource + "'; the DataSource beans are "
                        + List.of(this.beans.getBeanNamesForType(DataSource.class)));
            }
            return this.beans.getBean(dataSource, DataSource.class);
        }

        /**
         * The transaction manager of {@code outbox.stores.<name>.transaction-manager}, or else the one that manages
         * the store's DataSource: local handlers of the store's messages run in it, so that their writes join the
         * transaction that marks the message consumed.
         */
        private @Nullable PlatformTransactionManager handlerTransactionManager() {
            String named = this.store.getTransactionManager();
            if (named != null) {
                return this.beans.getBean(named, PlatformTransactionManager.class);
            }
            DataSource dataSource = outboxStore().dataSource();
            List<ResourceTransactionManager> managing = this.beans.getBeanProvider(ResourceTransactionManager.class)
                    .orderedStream()
                    .filter(manager -> manager.getResourceFactory() == dataSource)
                    .toList();
            return (managing.size() == 1) ? managing.get(0) : null;
        }

        private Clock clock() {
            return this.beans.getBean(OutboxAutoConfiguration.CLOCK_BEAN_NAME, Clock.class);
        }

        private <T> T bean(Class<T> type) {
            return this.beans.getBean(type);
        }
    }
}
