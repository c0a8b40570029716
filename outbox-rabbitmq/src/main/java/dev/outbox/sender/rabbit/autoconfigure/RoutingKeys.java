/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rabbit.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The RabbitMQ routing key of each message type, read from {@code outbox.routes.<type>.routing-key}. The starter
 * declares and checks that property with the rest of a route; this module reads only the key, so that it does not
 * depend on the starter.
 */
final class RoutingKeys {

    private static final Bindable<Map<String, RabbitRoute>> ROUTES = Bindable.mapOf(String.class, RabbitRoute.class);

    private RoutingKeys() {
    }

    /**
     * @param environment the application's environment
     * @return the routing key of each message type that has a non-blank one, trimmed
     */
    static Map<String, String> of(Environment environment) {
        Map<String, String> routingKeys = new LinkedHashMap<>();
        Binder.get(environment).bind("outbox.routes", ROUTES).orElse(Map.of()).forEach((type, route) -> {
            String key = route.routingKey() == null ? "" : route.routingKey().trim();
            if (!key.isEmpty()) {
                routingKeys.put(type, key);
            }
        });
        return routingKeys;
    }

    /** The part of a route that the RabbitMQ sender reads. */
    record RabbitRoute(@Nullable String routingKey) {
    }
}
