/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.outbox.message.StoredMessage;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.test.context.EmbeddedKafka;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The order flow on the {@code kafka} profile: H2 and an in-process KRaft broker.
 */
@ActiveProfiles("kafka")
@EmbeddedKafka(partitions = 1, topics = OrderService.ORDERS_TOPIC)
// The in-process broker and its clients log their whole configuration at INFO.
@TestPropertySource(properties = { "spring.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
    "logging.level.org.apache.kafka=WARN", "logging.level.kafka=WARN", "logging.level.state.change.logger=WARN" })
@DirtiesContext
class KafkaOrderFlowTest extends OrderFlowContract {

    @Value("${spring.embedded.kafka.brokers}")
    private String brokers;

    @Autowired
    private KafkaTemplate<String, String> kafka;

    @Override
    protected String brokerMessageId(long messageId) {
        return OrderService.ORDERS_TOPIC + "-0@\\d+";
    }

    @Override
    protected void delivered(StoredMessage message) {
        Map<String, Object> properties = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, this.brokers,
                ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(properties, new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of(OrderService.ORDERS_TOPIC));
            List<ConsumerRecord<String, String>> received = new ArrayList<>();
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(received::add);
                return received.stream().anyMatch(record -> record.value().equals(message.body()));
            });
            assertThat(received).filteredOn(record -> record.value().equals(message.body())).singleElement()
                    .satisfies(record -> assertThat(record.key()).isEqualTo(message.orderingKey()));
        }
        // The shipping consumer's listener ships the order; a re-publish of the same message ships nothing more.
        shipsOnceAcrossARedelivery(message, () -> this.kafka
                .send(OrderService.ORDERS_TOPIC, message.orderingKey(), message.body()).join());
    }
}
