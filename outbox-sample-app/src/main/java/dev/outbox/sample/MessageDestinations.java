/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Where the outbox delivers the sample's two message types, which the consumers of the redis, nats and jms profiles
 * read from: the destination of the type's route ({@code outbox.routes.<type>.topic}) when one is set, else the topic
 * the order service saves the type with. A Redis stream, a NATS subject or a JMS queue each. The stream profile's
 * bindings name the same placeholders in {@code application-stream.yml}.
 */
@Component
final class MessageDestinations {

    /** Where {@code order.created} messages go, as a placeholder that listener annotations resolve too. */
    static final String ORDERS = "${outbox.routes[" + OrderService.ORDER_CREATED + "].topic:" + OrderService.ORDERS_TOPIC
            + "}";

    /** Where {@code order.tracking} messages go, as a placeholder that listener annotations resolve too. */
    static final String TRACKING = "${outbox.routes[" + OrderService.ORDER_TRACKING + "].topic:"
            + OrderService.TRACKING_TOPIC + "}";

    private final String orders;

    private final String tracking;

    // A class, not a record: AOT would inject a record's @Value components into its final fields.
    MessageDestinations(@Value(ORDERS) String orders, @Value(TRACKING) String tracking) {
        this.orders = orders;
        this.tracking = tracking;
    }

    /** @return where {@code order.created} messages go */
    String orders() {
        return this.orders;
    }

    /** @return where {@code order.tracking} messages go */
    String tracking() {
        return this.tracking;
    }
}
