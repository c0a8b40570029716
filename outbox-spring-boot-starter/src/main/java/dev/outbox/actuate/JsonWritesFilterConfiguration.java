/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.actuate;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Registers the {@link JsonWritesFilter} in the context that serves the actuator: the application's own, or the
 * management context when the actuator has a port of its own ({@code management.server.port}). It runs after the
 * application's security filters, so that an unauthenticated request is answered by them first.
 */
@ManagementContextConfiguration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(OncePerRequestFilter.class)
@ConditionalOnAvailableEndpoint(OutboxEndpoint.class)
class JsonWritesFilterConfiguration {

    private static final EndpointId OUTBOX = EndpointId.of("outbox");

    @Bean
    FilterRegistrationBean<JsonWritesFilter> outboxJsonWritesFilter(ObjectProvider<PathMappedEndpoints> endpoints) {
        FilterRegistrationBean<JsonWritesFilter> registration = new FilterRegistrationBean<>(
                new JsonWritesFilter(() -> endpoints.getObject().getPath(OUTBOX)));
        registration.setOrder(Ordered.LOWEST_PRECEDENCE - 100);
        return registration;
    }
}
