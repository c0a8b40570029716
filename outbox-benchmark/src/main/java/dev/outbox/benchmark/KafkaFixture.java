/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.outbox.sender.kafka.KafkaMessageSender;
import dev.outbox.spi.MessageSender;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.AppInfoParser;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * Kafka: one KRaft broker in the benchmark's JVM (spring-kafka-test's), and the Kafka sender over a
 * {@link KafkaTemplate} whose producer has only the bootstrap servers set, so it runs with the client's defaults:
 * {@code acks=all} and the idempotent producer, which the sender recommends. Each drain's topic has one partition.
 */
final class KafkaFixture implements BrokerFixture {

    private static final long ADMIN_SECONDS = 30;

    private EmbeddedKafkaKraftBroker broker;

    private DefaultKafkaProducerFactory<String, String> producers;

    private Admin admin;

    @Override
    public MessageSender start() {
        this.broker = new EmbeddedKafkaKraftBroker(1, 1);
        this.broker.afterPropertiesSet();
        String servers = this.broker.getBrokersAsString();
        this.producers = new DefaultKafkaProducerFactory<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers),
                new StringSerializer(), new StringSerializer());
        this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, servers));
        return new KafkaMessageSender(new KafkaTemplate<>(this.producers));
    }

    @Override
    public String server() {
        return "Kafka " + AppInfoParser.getVersion() + ", one KRaft broker in the benchmark's JVM";
    }

    @Override
    public String setup() {
        return "acks=all, idempotent producer (the client's defaults); a topic of 1 partition";
    }

    @Override
    public void createDestination(String topic) throws Exception {
        this.admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(ADMIN_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public long messagesAt(String topic) throws Exception {
        TopicPartition partition = new TopicPartition(topic, 0);
        return this.admin.listOffsets(Map.of(partition, OffsetSpec.latest())).partitionResult(partition)
                .get(ADMIN_SECONDS, TimeUnit.SECONDS).offset();
    }

    @Override
    public void deleteDestination(String topic) throws Exception {
        this.admin.deleteTopics(List.of(topic)).all().get(ADMIN_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        if (this.admin != null) {
            this.admin.close();
        }
        if (this.producers != null) {
            this.producers.destroy();
        }
        if (this.broker != null) {
            this.broker.destroy();
        }
    }
}
