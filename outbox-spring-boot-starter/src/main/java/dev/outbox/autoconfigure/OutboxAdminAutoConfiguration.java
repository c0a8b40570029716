/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.outbox.Dispatcher;
import dev.outbox.MessageRoutes;
import dev.outbox.actuate.OutboxEndpoint;
import dev.outbox.actuate.OutboxHealthIndicator;
import dev.outbox.admin.BacklogLimits;
import dev.outbox.admin.BrokerRecords;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.store.OutboxStore;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.EndpointAccessResolver;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Auto-configures the operators' side of the outbox: an {@link OutboxAdmin}, and with Spring Boot Actuator the
 * {@code outbox} web endpoint ({@link OutboxEndpoint}, read-only unless
 * {@code management.endpoint.outbox.access=unrestricted}, reconciling against the application's
 * {@link BrokerRecords} when it has one) and the {@code outbox} health indicator
 * ({@link OutboxHealthIndicator}, configured by {@code outbox.health.*}, which shows the paused routes of the
 * store's dispatcher where this instance runs one). With several stores
 * ({@code outbox.stores}), each store has its admin, and the endpoint and the health indicator show each store.
 */
@AutoConfiguration(after = OutboxAutoConfiguration.class)
@ConditionalOnBean(OutboxStore.class)
@Import(OutboxClockConfiguration.class)
public final class OutboxAdminAutoConfiguration {

    OutboxAdminAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    OutboxAdmin outboxAdmin(OutboxStore store, ObjectProvider<Dispatcher> dispatcher,
            ObjectProvider<MessageRoutes> routes, @Qualifier(OutboxAutoConfiguration.CLOCK_BEAN_NAME) Clock clock) {
        return StoreComponents.admin(store, dispatcher.getIfUnique(), routes.getIfUnique(), clock);
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({ Endpoint.class, ConditionalOnAvailableEndpoint.class })
    static class EndpointConfiguration {

        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnAvailableEndpoint
        OutboxEndpoint outboxEndpoint(ObjectProvider<OutboxAdmin> admins, ObjectProvider<BrokerRecords> brokerRecords,
                ObjectProvider<EndpointAccessResolver> access) {
            EndpointAccessResolver resolver = access.getIfAvailable();
            Access granted = (resolver != null) ? resolver.accessFor(EndpointId.of("outbox"), Access.READ_ONLY)
                    : Access.READ_ONLY;
            return new OutboxEndpoint(admins.orderedStream().toList(), brokerRecords.getIfUnique(), granted);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class })
    @ConditionalOnEnabledHealthIndicator("outbox")
    static class HealthConfiguration {

        @Bean
        @ConditionalOnMissingBean(name = "outboxHealthIndicator")
        HealthContributor outboxHealthIndicator(ObjectProvider<OutboxAdmin> admins,
                ObjectProvider<Dispatcher> dispatchers, ListableBeanFactory beans, OutboxProperties properties,
                Environment environment) {
            boolean outOfService = properties.getHealth().getUnhealthyStatus()
                    == OutboxProperties.UnhealthyStatus.OUT_OF_SERVICE;
            Status status = outOfService ? Status.OUT_OF_SERVICE : Status.DOWN;
            List<OutboxAdmin> stores = admins.orderedStream().toList();
            Map<String, OutboxHealthIndicator> byStore = new LinkedHashMap<>();
            for (OutboxAdmin admin : stores) {
                BacklogLimits limits = OutboxSettings.of(environment).forStore(admin.storeName())
                        .build(BacklogLimits::from);
                Dispatcher dispatcher = dispatcherOf(admin.storeName(), stores.size(), dispatchers, beans);
                byStore.put(admin.storeName(), (dispatcher != null)
                        ? new OutboxHealthIndicator(admin, dispatcher, limits, status)
                        : new OutboxHealthIndicator(admin, limits, status));
            }
            // One store is the outbox's health; several are its parts, /actuator/health/outbox/<store>.
            return (byStore.size() == 1) ? byStore.values().iterator().next()
                    : CompositeHealthContributor.fromMap(byStore);
        }

        /**
         * @return the store's dispatcher in this instance: the one of {@code outbox.stores.<store>}, or the
         * application's only one when it has one store; null when this instance runs none
         */
        private static @Nullable Dispatcher dispatcherOf(String store, int stores,
                ObjectProvider<Dispatcher> dispatchers, ListableBeanFactory beans) {
            String declared = DeclaredStores.beanName(store, "OutboxDispatcher");
            if (beans.containsBean(declared)) {
                return beans.getBean(declared, Dispatcher.class);
            }
            return (stores == 1) ? dispatchers.getIfUnique() : null;
        }
    }
}
