/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Duration;

import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;

/**
 * The RabbitMQ exchange the sample's messages go to, a queue that receives them all for auditing
 * (without a queue bound, the broker would return every message as unroutable and the outbox would
 * retry it), the shipping consumer's queue, and the exchange and queue of tracking steps, which only the
 * shipping side's in-order consumer reads. Declared by Spring Boot's RabbitAdmin when the
 * first connection opens.
 *
 * <p>Nothing consumes the audit queue: it is there to be looked at. So that it cannot grow without
 * bound, it keeps a message {@value #AUDIT_TTL_HOURS} hours and at most {@value #AUDIT_MAX_LENGTH}
 * messages, dropping the oldest when full. Dropping, not refusing: with {@code reject-publish} the
 * broker would nack every new message once the audit queue is full, shipping queue or not, and the
 * outbox would retry them until they FAILED. RabbitMQ refuses to declare an existing
 * queue with other arguments: a queue {@code orders.audit} declared by an earlier sample without the
 * bound must be deleted once ({@code rabbitmqctl delete_queue orders.audit}).
 */
@Configuration(proxyBeanMethods = false)
@Profile("rabbit")
class RabbitTopology {

    static final String EXCHANGE = OrderService.ORDERS_TOPIC;

    static final String AUDIT_QUEUE = "orders.audit";

    static final int AUDIT_TTL_HOURS = 24;

    static final int AUDIT_MAX_LENGTH = 10_000;

    static final String SHIPPING_QUEUE = "orders.shipping";

    static final String TRACKING_EXCHANGE = OrderService.TRACKING_TOPIC;

    static final String TRACKING_QUEUE = "order-tracking.shipping";

    @Bean
    TopicExchange ordersExchange() {
        return new TopicExchange(EXCHANGE);
    }

    @Bean
    Queue ordersAuditQueue() {
        return QueueBuilder.durable(AUDIT_QUEUE)
                .ttl((int) Duration.ofHours(AUDIT_TTL_HOURS).toMillis())
                .maxLength(AUDIT_MAX_LENGTH)
                .overflow(QueueBuilder.Overflow.dropHead)
                .build();
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

    @Bean
    TopicExchange trackingExchange() {
        return new TopicExchange(TRACKING_EXCHANGE);
    }

    @Bean
    Queue trackingShippingQueue() {
        return new Queue(TRACKING_QUEUE);
    }

    @Bean
    Binding trackingShippingBinding(TopicExchange trackingExchange, Queue trackingShippingQueue) {
        return BindingBuilder.bind(trackingShippingQueue).to(trackingExchange).with("#");
    }
}
