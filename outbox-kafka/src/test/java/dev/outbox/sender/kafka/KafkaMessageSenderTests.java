/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.kafka;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.DisconnectException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.NetworkException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaProducerException;
import org.springframework.kafka.core.KafkaTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The Kafka sender with a real producer and no broker behind its address, and how it tells an unreachable broker
 * from a message's own failure.
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
        // The hold-off lasts max.block.ms from the failure: 2 s outlasts any pause of a loaded machine between the
        // two sends, where 300 ms did not.
        KafkaMessageSender sender = sender(Map.of(ProducerConfig.MAX_BLOCK_MS_CONFIG, 2_000));

        Throwable blocked = failureOf(sender.send(message(1, "orders")));
        Throwable skipped = failureOf(sender.send(message(2, "orders")));

        assertThat(blocked).hasStackTraceContaining("TimeoutException").isNotInstanceOf(KafkaSendSkippedException.class);
        assertThat(skipped).isInstanceOf(KafkaSendSkippedException.class)
                .hasMessageStartingWith("not sent: a send to topic 'orders' just failed waiting for the broker");
    }

    @Test
    void timeoutsLostConnectionsAndSkippedSendsAreAnUnreachableBroker() throws IOException {
        KafkaMessageSender sender = sender(Map.of());
        TimeoutException metadata = new TimeoutException("Topic orders not present in metadata after 1000 ms.");

        assertThat(sender.classify(metadata)).isEqualTo(SendFailure.UNREACHABLE);
        assertThat(sender.classify(asTheTemplateFailsIt(new TimeoutException("Expiring 1 record(s)"))))
                .isEqualTo(SendFailure.UNREACHABLE);
        assertThat(sender.classify(asTheTemplateFailsIt(new NetworkException("connection lost"))))
                .isEqualTo(SendFailure.UNREACHABLE);
        assertThat(sender.classify(new DisconnectException())).isEqualTo(SendFailure.UNREACHABLE);
        assertThat(sender.classify(new KafkaSendSkippedException("orders", metadata)))
                .isEqualTo(SendFailure.UNREACHABLE);
    }

    @Test
    void aRecordTheProducerOrBrokerCanNeverTakeIsRejectedAndARefusedAuthorizationIsTheMessagesOwnFailure()
            throws IOException {
        KafkaMessageSender sender = sender(Map.of());

        assertThat(sender.classify(asTheTemplateFailsIt(new RecordTooLargeException("larger than max.request.size"))))
                .isEqualTo(SendFailure.REJECTED);
        assertThat(sender.classify(new SerializationException("cannot serialize"))).isEqualTo(SendFailure.REJECTED);
        assertThat(sender.classify(new InvalidTopicException("bad topic"))).isEqualTo(SendFailure.REJECTED);
        assertThat(sender.classify(new TopicAuthorizationException("not allowed"))).isEqualTo(SendFailure.MESSAGE);
    }

    /**
     * @param settings producer settings besides the address, a closed port, and the serializers
     */
    private KafkaMessageSender sender(Map<String, Object> settings) throws IOException {
        Map<String, Object> configuration = new HashMap<>(settings);
        configuration.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + closedPort());
        configuration.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        configuration.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        this.producers = new DefaultKafkaProducerFactory<>(configuration);
        return new KafkaMessageSender(new KafkaTemplate<>(this.producers));
    }

    /** As the template's future fails a send the producer failed: wrapped, and again by the stage. */
    private static Throwable asTheTemplateFailsIt(Exception producerError) {
        return new CompletionException(new KafkaProducerException(new ProducerRecord<>("orders", "{}"),
                "Failed to send", producerError));
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
