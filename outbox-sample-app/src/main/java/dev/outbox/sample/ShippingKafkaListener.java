/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import org.springframework.context.annotation.Profile;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Feeds the shipping consumer from the Kafka topic the outbox sends orders to. A listener error
 * leaves the offset uncommitted and the record is delivered again; the inbox turns every repeat
 * into a no-op.
 */
@Component
@Profile("kafka")
class ShippingKafkaListener {

    private final ShippingService shipping;

    ShippingKafkaListener(ShippingService shipping) {
        this.shipping = shipping;
    }

    @KafkaListener(topics = OrderService.ORDERS_TOPIC, groupId = ShippingService.CONSUMER_GROUP)
    void onOrderCreated(String orderCreatedJson) {
        this.shipping.ship(orderCreatedJson);
    }
}
