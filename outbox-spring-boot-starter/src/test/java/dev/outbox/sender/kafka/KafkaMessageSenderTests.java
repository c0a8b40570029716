/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.kafka;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;
import java.util.concurrent.CompletionStage;

import dev.outbox.spi.OutgoingMessage;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The Kafka sender with a real producer and no broker behind its address.
 */
class KafkaMessageSenderTests {

    private DefaultKafkaProducerFactory<String, String> producers;

    @AfterEach
    void closeProducers() {
        if (this.producers != null) {
            this.producers.destroy();
        }
    }

    @Test
    void afterASendBlockedAndFailedTheNextSendsToThatTopicFailAtOnce() throws IOException {
        this.producers = new DefaultKafkaProducerFactory<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                // The hold-off lasts max.block.ms from the failure: 2 s outlasts any pause of a loaded machine
                // between the two sends, where 300 ms did not.
                "127.0.0.1:" + closedPort(), ProducerConfig.MAX_BLOCK_MS_CONFIG, 2_000,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
        KafkaMessageSender sender = new KafkaMessageSender(new KafkaTemplate<>(this.producers));

        Throwable blocked = failureOf(sender.send(message(1, "orders")));
        Throwable skipped = failureOf(sender.send(message(2, "orders")));

        assertThat(blocked).hasStackTraceContaining("TimeoutException").isNotInstanceOf(KafkaSendSkippedException.class);
        assertThat(skipped).isInstanceOf(KafkaSendSkippedException.class)
                .hasMessageStartingWith("not sent: a send to topic 'orders' just failed waiting for the broker");
    }

    private static Throwable failureOf(CompletionStage<String> stage) {
        Throwable failure = catchThrowable(() -> stage.toCompletableFuture().join());
        return (failure.getCause() != null) ? failure.getCause() : failure;
    }

    private static OutgoingMessage message(long id, String topic) {
        return new OutgoingMessage(id, "key-" + id, "order.created", topic, null, Map.of(), "{}", 1);
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
