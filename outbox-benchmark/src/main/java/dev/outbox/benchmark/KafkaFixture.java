/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.Map;

import dev.outbox.sender.kafka.KafkaMessageSender;
import dev.outbox.spi.MessageSender;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Kafka: one KRaft broker in the benchmark's JVM, and the Kafka sender over a {@link KafkaTemplate} whose producer has
 * only the bootstrap servers set, so it runs with the client's defaults: {@code acks=all} and the idempotent
 * producer, which the sender recommends. Each drain's topic has one partition.
 */
final class KafkaFixture extends KafkaBrokerFixture {

    private DefaultKafkaProducerFactory<String, String> producers;

    @Override
    MessageSender sender(String servers) {
        this.producers = new DefaultKafkaProducerFactory<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers),
                new StringSerializer(), new StringSerializer());
        return new KafkaMessageSender(new KafkaTemplate<>(this.producers));
    }

    @Override
    public String setup() {
        return "acks=all, idempotent producer (the client's defaults); a topic of 1 partition";
    }

    @Override
    void closeSender() {
        if (this.producers != null) {
            this.producers.destroy();
        }
    }
}
