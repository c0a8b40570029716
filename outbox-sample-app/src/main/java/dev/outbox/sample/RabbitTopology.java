/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;

/**
 * The RabbitMQ exchange the sample's messages go to, a queue that receives them all for auditing
 * (without a queue bound, the broker would return every message as unroutable and the outbox would
 * retry it), and the shipping consumer's queue. Declared by Spring Boot's RabbitAdmin when the
 * first connection opens.
 */
@Configuration(proxyBeanMethods = false)
@Profile("rabbit")
class RabbitTopology {

    static final String EXCHANGE = OrderService.ORDERS_TOPIC;

    static final String AUDIT_QUEUE = "orders.audit";

    static final String SHIPPING_QUEUE = "orders.shipping";

    @Bean
    TopicExchange ordersExchange() {
        return new TopicExchange(EXCHANGE);
    }

    @Bean
    Queue ordersAuditQueue() {
        return new Queue(AUDIT_QUEUE);
    }

    @Bean
    Binding ordersAuditBinding(TopicExchange ordersExchange, Queue ordersAuditQueue) {
        return BindingBuilder.bind(ordersAuditQueue).to(ordersExchange).with("#");
    }

    @Bean
    Queue ordersShippingQueue() {
        return new Queue(SHIPPING_QUEUE);
    }

    @Bean
    Binding ordersShippingBinding(TopicExchange ordersExchange, Queue ordersShippingQueue) {
        return BindingBuilder.bind(ordersShippingQueue).to(ordersExchange).with("#");
    }
}
