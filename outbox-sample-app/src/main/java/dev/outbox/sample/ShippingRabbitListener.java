/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * Feeds the shipping consumer from its own RabbitMQ queue, bound to the orders exchange. A listener
 * error requeues the message; the inbox turns every repeat into a no-op.
 */
@Component
@Profile("rabbit")
class ShippingRabbitListener {

    private final ShippingService shipping;

    ShippingRabbitListener(ShippingService shipping) {
        this.shipping = shipping;
    }

    @RabbitListener(queues = RabbitTopology.SHIPPING_QUEUE)
    void onOrderCreated(String orderCreatedJson) {
        this.shipping.ship(orderCreatedJson);
    }
}
