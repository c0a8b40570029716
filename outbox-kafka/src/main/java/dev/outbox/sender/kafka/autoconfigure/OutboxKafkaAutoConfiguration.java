/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.kafka.autoconfigure;

import dev.outbox.Dispatcher;
import dev.outbox.admin.BrokerRecords;
import dev.outbox.sender.kafka.KafkaMessageSender;
import dev.outbox.sender.kafka.KafkaRecords;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Registers a {@link KafkaMessageSender} named {@value #SENDER_BEAN_NAME} on the application's
 * {@link KafkaTemplate} (String keys and values, Spring Boot's default), when spring-kafka is
 * present, the template exists, this instance runs a dispatcher and {@code outbox.kafka.enabled}
 * is not false. Route message types to it with {@code outbox.routes.<type>.sender=kafkaMessageSender}
 * or {@code outbox.default-sender}. Beside it, a {@link KafkaRecords} that reads back what it sent, for
 * reconciliation.
 */
@AutoConfiguration(afterName = { "dev.outbox.autoconfigure.OutboxAutoConfiguration",
        "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration" })
@ConditionalOnClass(KafkaTemplate.class)
@ConditionalOnSingleCandidate(KafkaTemplate.class)
@ConditionalOnBean(Dispatcher.class)
@ConditionalOnBooleanProperty(name = "outbox.kafka.enabled", matchIfMissing = true)
public final class OutboxKafkaAutoConfiguration {

    /** The name of the Kafka sender bean. */
    public static final String SENDER_BEAN_NAME = "kafkaMessageSender";

    OutboxKafkaAutoConfiguration() {
    }

    @Bean(SENDER_BEAN_NAME)
    @ConditionalOnMissingBean
    KafkaMessageSender kafkaMessageSender(KafkaTemplate<String, String> kafkaTemplate) {
        return new KafkaMessageSender(kafkaTemplate);
    }

    /**
     * Reads back what the Kafka sender sent, for the reconciliation of the {@code outbox} endpoint and of
     * {@code OutboxAdmin.reconcile}; it connects as the template's producer does.
     */
    @Bean
    @ConditionalOnMissingBean(BrokerRecords.class)
    KafkaRecords kafkaRecords(KafkaTemplate<String, String> kafkaTemplate) {
        return KafkaRecords.of(kafkaTemplate);
    }
}
