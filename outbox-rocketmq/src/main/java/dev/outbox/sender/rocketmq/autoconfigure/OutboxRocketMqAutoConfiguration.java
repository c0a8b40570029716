/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rocketmq.autoconfigure;

import dev.outbox.Dispatcher;
import dev.outbox.sender.rocketmq.RocketMqMessageSender;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;

/**
 * Registers a {@link RocketMqMessageSender} named {@value #SENDER_BEAN_NAME} on the application's
 * {@link DefaultMQProducer}, when rocketmq-client is present, the producer bean exists, this instance
 * runs a dispatcher and {@code outbox.rocketmq.enabled} is not false. The application configures and
 * starts the producer itself (Spring Boot has no RocketMQ auto-configuration). Route message types to
 * the sender with {@code outbox.routes.<type>.sender=rocketMqMessageSender} or {@code outbox.default-sender}.
 */
@AutoConfiguration(afterName = "dev.outbox.autoconfigure.OutboxAutoConfiguration")
@ConditionalOnClass(DefaultMQProducer.class)
@ConditionalOnSingleCandidate(DefaultMQProducer.class)
@ConditionalOnBean(Dispatcher.class)
@ConditionalOnBooleanProperty(name = "outbox.rocketmq.enabled", matchIfMissing = true)
public final class OutboxRocketMqAutoConfiguration {

    /** The name of the RocketMQ sender bean. */
    public static final String SENDER_BEAN_NAME = "rocketMqMessageSender";

    OutboxRocketMqAutoConfiguration() {
    }

    @Bean(SENDER_BEAN_NAME)
    @ConditionalOnMissingBean
    RocketMqMessageSender rocketMqMessageSender(DefaultMQProducer producer) {
        return new RocketMqMessageSender(producer);
    }
}
