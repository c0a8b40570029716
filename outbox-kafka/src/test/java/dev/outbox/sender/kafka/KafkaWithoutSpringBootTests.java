/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.message.MessageState;
import dev.outbox.schema.OutboxSchema;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.TestDatabase;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An application with the core and this module only, no Spring Boot: it wires the store, the dispatcher, the
 * template and the Kafka sender itself, as the README's "Without Spring Boot" shows, and delivers to a real Kafka
 * broker (in the test JVM). Spring Boot is kept off this module's test class path, so nothing here can lean on it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KafkaWithoutSpringBootTests {

    private static final String TOPIC = "orders";

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private EmbeddedKafkaKraftBroker kafka;

    private TestDatabase database;

    @BeforeAll
    void startBrokerAndDatabase() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "kafka_without_boot");
        this.kafka = new EmbeddedKafkaKraftBroker(1, 1, TOPIC);
        this.kafka.afterPropertiesSet();
    }

    @AfterAll
    void stopBrokerAndDatabase() {
        if (this.kafka != null) {
            this.kafka.destroy();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    @Test
    void springBootIsNotOnTheClassPath() {
        assertThat(ClassUtils.isPresent("org.springframework.boot.SpringApplication", null)).isFalse();
        assertThat(ClassUtils.isPresent("org.springframework.boot.autoconfigure.AutoConfiguration", null)).isFalse();
    }

    @Test
    void aCommittedMessageArrivesInKafkaAndARolledBackOneNever() {
        DataSource dataSource = this.database.newDataSource(4);
        DefaultKafkaProducerFactory<String, String> producers = new DefaultKafkaProducerFactory<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, this.kafka.getBrokersAsString()),
                new StringSerializer(), new StringSerializer());
        KafkaTemplate<String, String> kafkaTemplate = new KafkaTemplate<>(producers);

        OutboxStore store = OutboxStore.builder(dataSource).build();
        OutboxSchema.migrate(store);
        Dispatcher dispatcher = Dispatcher.builder(store, MessageRoutes.to(new KafkaMessageSender(kafkaTemplate)))
                .build();
        OutboxTemplate outbox = OutboxTemplate.builder(store).handoff(dispatcher).build();
        TransactionTemplate transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        dispatcher.start();
        try {
            transactions.executeWithoutResult(status -> {
                outbox.save("order.created", "order-1", TOPIC, "{\"orderId\":1}");
                status.setRollbackOnly();
            });
            long committed = transactions.execute(status -> outbox.message("order.created").key("order-2")
                    .topic(TOPIC).payload("{\"orderId\":2}").header("tenant", "acme").save().id());

            await().atMost(PATIENCE).untilAsserted(() -> assertThat(outbox.find(committed).orElseThrow().state())
                    .isEqualTo(MessageState.SENT));
            List<ConsumerRecord<String, String>> records = readAll(TOPIC);
            assertThat(records).hasSize(1);
            ConsumerRecord<String, String> record = records.get(0);
            assertThat(record.key()).isEqualTo("order-2");
            assertThat(record.value()).isEqualTo("{\"orderId\":2}");
            assertThat(headers(record)).containsEntry(OutboxHeaders.ID, Long.toString(committed))
                    .containsEntry(OutboxHeaders.TYPE, "order.created").containsEntry(OutboxHeaders.KEY, "order-2")
                    .containsEntry("tenant", "acme");
            assertThat(outbox.find(committed).orElseThrow().brokerMessageId())
                    .isEqualTo(TOPIC + "-" + record.partition() + "@" + record.offset());
        }
        finally {
            dispatcher.stop();
            producers.destroy();
        }
    }

    /** Reads the topic from its start until a poll finds nothing more: the one message sent is long there. */
    private List<ConsumerRecord<String, String>> readAll(String topic) {
        Map<String, Object> properties = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                this.kafka.getBrokersAsString(), ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(properties, new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            await().atMost(PATIENCE).until(() -> {
                consumer.poll(Duration.ofMillis(500)).forEach(records::add);
                return !records.isEmpty();
            });
            consumer.poll(Duration.ofSeconds(1)).forEach(records::add);
        }
        return records;
    }

    private static Map<String, String> headers(ConsumerRecord<String, String> record) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Header header : record.headers()) {
            headers.put(header.key(), new String(header.value(), StandardCharsets.UTF_8));
        }
        return headers;
    }
}
