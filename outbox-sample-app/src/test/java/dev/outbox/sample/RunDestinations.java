/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.util.UUID;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Destinations of a test run's own for the sample's two message types (Redis streams, NATS subjects), so that runs
 * on one server at the same time share no consumer group: the routes send there ({@code outbox.routes.<type>.topic})
 * and the listeners follow them through {@link MessageDestinations}.
 *
 * @param orders where {@code order.created} messages go
 * @param tracking where {@code order.tracking} messages go
 */
record RunDestinations(String orders, String tracking) {

    static RunDestinations newRun() {
        String run = UUID.randomUUID().toString();
        return new RunDestinations(OrderService.ORDERS_TOPIC + "-" + run, OrderService.TRACKING_TOPIC + "-" + run);
    }

    /** Routes the two message types to the run's destinations. */
    void route(DynamicPropertyRegistry registry) {
        registry.add("outbox.routes[" + OrderService.ORDER_CREATED + "].topic", this::orders);
        registry.add("outbox.routes[" + OrderService.ORDER_TRACKING + "].topic", this::tracking);
    }
}
