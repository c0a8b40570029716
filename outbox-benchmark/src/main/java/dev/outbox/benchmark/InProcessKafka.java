/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.AppInfoParser;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * One Kafka KRaft broker in the benchmark's JVM (spring-kafka-test's), and an admin client that makes, counts and
 * deletes the topics of phase B's drains, each of one partition.
 */
final class InProcessKafka implements AutoCloseable {

    private static final long ADMIN_SECONDS = 30;

    private final EmbeddedKafkaKraftBroker broker;

    private final Admin admin;

    private InProcessKafka(EmbeddedKafkaKraftBroker broker) {
        this.broker = broker;
        this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, servers()));
    }

    /**
     * @return a started broker
     */
    static InProcessKafka start() {
        EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 1);
        broker.afterPropertiesSet();
        return new InProcessKafka(broker);
    }

    /** @return the bootstrap servers, {@code 127.0.0.1:port} */
    String servers() {
        return this.broker.getBrokersAsString();
    }

    /** @return "Kafka 4.1.2, one KRaft broker in the benchmark's JVM" */
    static String description() {
        return "Kafka " + AppInfoParser.getVersion() + ", one KRaft broker in the benchmark's JVM";
    }

    /**
     * @param topic a topic of one partition to make
     */
    void createTopic(String topic) throws Exception {
        this.admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(ADMIN_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * @param topic a topic of {@link #createTopic}
     * @return how many records its partition holds: its end offset
     */
    long records(String topic) throws Exception {
        TopicPartition partition = new TopicPartition(topic, 0);
        return this.admin.listOffsets(Map.of(partition, OffsetSpec.latest())).partitionResult(partition)
                .get(ADMIN_SECONDS, TimeUnit.SECONDS).offset();
    }

    /**
     * @param topic a topic of {@link #createTopic} to delete
     */
    void deleteTopic(String topic) throws Exception {
        this.admin.deleteTopics(List.of(topic)).all().get(ADMIN_SECONDS, TimeUnit.SECONDS);
    }

    /** Closes the admin client and stops the broker. */
    @Override
    public void close() {
        this.admin.close();
        this.broker.destroy();
    }
}
