/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rabbit.autoconfigure;

import dev.outbox.Dispatcher;
import dev.outbox.sender.rabbit.RabbitMessageSender;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Registers a {@link RabbitMessageSender} named {@value #SENDER_BEAN_NAME} on the application's
 * {@link RabbitTemplate}, when spring-rabbit is present, the template exists, this instance runs a
 * dispatcher and {@code outbox.rabbit.enabled} is not false. Route message types to it with
 * {@code outbox.routes.<type>.sender=rabbitMessageSender} or {@code outbox.default-sender}; a route's
 * {@code routing-key} sets the routing key of its type.
 */
@AutoConfiguration(afterName = { "dev.outbox.autoconfigure.OutboxAutoConfiguration",
        "org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration" })
@ConditionalOnClass(RabbitTemplate.class)
@ConditionalOnSingleCandidate(RabbitTemplate.class)
@ConditionalOnBean(Dispatcher.class)
@ConditionalOnBooleanProperty(name = "outbox.rabbit.enabled", matchIfMissing = true)
public final class OutboxRabbitAutoConfiguration {

    /** The name of the RabbitMQ sender bean. */
    public static final String SENDER_BEAN_NAME = "rabbitMessageSender";

    OutboxRabbitAutoConfiguration() {
    }

    @Bean(SENDER_BEAN_NAME)
    @ConditionalOnMissingBean
    RabbitMessageSender rabbitMessageSender(RabbitTemplate rabbitTemplate, Environment environment) {
        return new RabbitMessageSender(rabbitTemplate, RoutingKeys.of(environment));
    }
}
