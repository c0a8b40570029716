/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import dev.outbox.sender.OutboxHeaders;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Reads back what the outbox sent to a real Kafka topic, for the tests' assertions. */
final class KafkaTestRecords {

    private KafkaTestRecords() {
    }

    /**
     * Reads a topic from its start, in a consumer group of its own, until it has at least the given number of
     * records.
     */
    static List<ConsumerRecord<String, String>> consume(String brokers, String topic, int atLeast,
            Duration patience) {
        return read(brokers, topic, patience, records -> assertThat(records).hasSizeGreaterThanOrEqualTo(atLeast));
    }

    /** Reads a topic from its start, in a consumer group of its own, until the record of an outbox id is there. */
    static ConsumerRecord<String, String> find(String brokers, String topic, long outboxId, Duration patience) {
        List<ConsumerRecord<String, String>> records = read(brokers, topic, patience, read -> assertThat(read)
                .as("records of message %d in %s", outboxId, topic).anyMatch(record -> outboxId(record) == outboxId));
        return recordOf(records, outboxId);
    }

    private static List<ConsumerRecord<String, String>> read(String brokers, String topic, Duration patience,
            Consumer<List<ConsumerRecord<String, String>>> enough) {
        Map<String, Object> properties = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, brokers,
                ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        List<ConsumerRecord<String, String>> records = new CopyOnWriteArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(properties, new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            await().atMost(patience).untilAsserted(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                enough.accept(records);
            });
        }
        return records;
    }

    static ConsumerRecord<String, String> recordOf(List<ConsumerRecord<String, String>> records, long outboxId) {
        return records.stream().filter(record -> outboxId(record) == outboxId).findFirst().orElseThrow();
    }

    static long outboxId(ConsumerRecord<String, String> record) {
        return Long.parseLong(headers(record).get(OutboxHeaders.ID));
    }

    static Map<String, String> headers(ConsumerRecord<String, String> record) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Header header : record.headers()) {
            headers.put(header.key(), new String(header.value(), StandardCharsets.UTF_8));
        }
        return headers;
    }
}
