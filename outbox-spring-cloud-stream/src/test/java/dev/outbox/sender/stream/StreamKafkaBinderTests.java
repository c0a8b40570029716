/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.outbox.MessageRoutes;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import dev.outbox.testing.TestDatabase;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import static dev.outbox.sender.stream.StreamApplications.confirmed;
import static dev.outbox.sender.stream.StreamApplications.failure;
import static dev.outbox.sender.stream.StreamApplications.message;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring Cloud Stream sender with the Kafka binder, on an in-process KRaft broker: SENT on the producer's
 * acknowledgement with the record's offset, a key's pipelined run in order, a record too large rejected for good and
 * dead-lettered by the dispatcher (on MariaDB), and the bindings that cannot report an acknowledgement refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StreamKafkaBinderTests {

    private static final String ORDERS = "stream-kafka-orders";

    private static final String RUN = "stream-kafka-run";

    private static final String POISON = "stream-kafka-poison";

    private static final String WEAK = "stream-kafka-weak";

    private static final String DEAD_LETTERS = "stream-kafka-poison-dlt";

    /** The producer's max.request.size on the poison binding: a small message fits, a larger body does not. */
    private static final int MAX_REQUEST_SIZE = 2_000;

    private EmbeddedKafkaKraftBroker kafka;

    private ConfigurableApplicationContext application;

    @BeforeAll
    void start() {
        this.kafka = new EmbeddedKafkaKraftBroker(1, 3, ORDERS, RUN, POISON, WEAK, DEAD_LETTERS);
        this.kafka.afterPropertiesSet();
        this.application = StreamApplications.start(SendFutures.class, new String[] {
            "spring.cloud.stream.default-binder=kafka",
            "spring.cloud.stream.kafka.binder.brokers=" + this.kafka.getBrokersAsString() },
                "spring.cloud.stream.kafka.bindings." + POISON + ".producer.configuration[max.request.size]="
                        + MAX_REQUEST_SIZE,
                "spring.cloud.stream.kafka.bindings." + WEAK + ".producer.configuration[acks]=1");
    }

    @AfterAll
    void stop() {
        if (this.application != null) {
            this.application.close();
        }
        if (this.kafka != null) {
            this.kafka.destroy();
        }
    }

    private StreamBridgeMessageSender.Builder sender() {
        return StreamApplications.sender(this.application)
                .kafkaSendFutures(this.application.getBean(KafkaSendFutures.class));
    }

    @Test
    void anAcknowledgedRecordHasTheOrderingKeyHeadersAndBodyAndRecordsItsOffset() throws Exception {
        StreamBridgeMessageSender sender = sender().build();

        String ordered = confirmed(sender.send(message(51, ORDERS, "order-51", "customer-7")));
        String unordered = confirmed(sender.send(message(52, ORDERS, "order-52", null)));

        List<ConsumerRecord<String, String>> records = KafkaTopics.read(this.kafka.getBrokersAsString(), ORDERS, 2);
        ConsumerRecord<String, String> first = KafkaTopics.recordOf(records, 51);
        assertThat(ordered).isEqualTo(ORDERS + "-" + first.partition() + "@" + first.offset());
        assertThat(first.key()).isEqualTo("customer-7");
        assertThat(first.value()).isEqualTo("{\"orderId\":51}");
        assertThat(KafkaTopics.headers(first)).containsEntry("outbox-type", "order.created")
                .containsEntry("outbox-key", "order-51").containsEntry("outbox-ordering-key", "customer-7")
                .containsEntry("traceparent", "00-abc-01").doesNotContainKey("kafka_futureToken");
        ConsumerRecord<String, String> second = KafkaTopics.recordOf(records, 52);
        assertThat(second.key()).isEqualTo("order-52");
        assertThat(unordered).isEqualTo(ORDERS + "-" + second.partition() + "@" + second.offset());
    }

    @Test
    void aKeysRunSentWithoutWaitingIsAcknowledgedInOrderInOnePartition() throws Exception {
        StreamBridgeMessageSender sender = sender().keepsOrderOfPipelinedSends(true).build();
        List<CompletionStage<String>> sends = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            sends.add(sender.send(message(100 + i, RUN, "order-" + i, "customer-9")));
        }

        List<String> ids = new ArrayList<>();
        for (CompletionStage<String> send : sends) {
            ids.add(confirmed(send));
        }

        assertThat(sender.keepsOrderOfPipelinedSends()).isTrue();
        String partition = ids.get(0).substring(0, ids.get(0).indexOf('@'));
        assertThat(ids).allSatisfy(id -> assertThat(id).startsWith(partition + "@"));
        assertThat(ids.stream().map(id -> Long.parseLong(id.substring(id.indexOf('@') + 1))).toList()).isSorted()
                .doesNotHaveDuplicates();
        assertThat(KafkaTopics.read(this.kafka.getBrokersAsString(), RUN, 20)
                .stream().map(record -> Long.parseLong(KafkaTopics.headers(record).get("outbox-id"))).toList())
                .isSorted().hasSize(20);
    }

    @Test
    void aRecordOverTheProducersMaxRequestSizeIsRejectedForGood() throws Exception {
        StreamBridgeMessageSender sender = sender().build();
        String body = "x".repeat(MAX_REQUEST_SIZE);

        Throwable failure = failure(sender.send(new OutgoingMessage(61, "order-61", "order.created", POISON, null,
                Map.of(), body, 1)));

        assertThat(failure).hasRootCauseInstanceOf(RecordTooLargeException.class);
        assertThat(sender.classify(failure)).isEqualTo(SendFailure.REJECTED);
        assertThat(confirmed(sender.send(message(62, POISON, "order-62", null)))).startsWith(POISON + "-");
    }

    @Test
    void aMessageRejectedForGoodIsFailedAfterOneAttemptAndPublishedToItsDeadLetterBinding() throws Exception {
        StreamBridgeMessageSender sender = sender().build();
        try (TestDatabase database = TestDatabase.create(TestDatabase.Kind.MARIADB, "stream_kafka_dead_letters")) {
            TestOutbox outbox = TestOutbox.on(database, MessageRoutes.builder().defaultSender(sender)
                    .deadLetters("order.created", sender, DEAD_LETTERS).build());
            outbox.dispatcher().start();
            try {
                long poison = outbox.save("order.created", "order-91", POISON, null,
                        "{\"note\":\"" + "x".repeat(MAX_REQUEST_SIZE) + "\"}");
                long healthy = outbox.save("order.created", "order-92", POISON, null, "{}");

                StoredMessage failed = outbox.awaitState(poison, MessageState.FAILED);
                assertThat(outbox.awaitState(healthy, MessageState.SENT).brokerMessageId()).startsWith(POISON + "-");
                assertThat(failed.retryCount()).isEqualTo(1);
                assertThat(failed.failReason()).contains("RecordTooLargeException");
                ConsumerRecord<String, String> deadLetter = KafkaTopics.read(this.kafka.getBrokersAsString(),
                        DEAD_LETTERS, 1).get(0);
                assertThat(failed.brokerMessageId()).isEqualTo("dead-letter:" + DEAD_LETTERS + "-"
                        + deadLetter.partition() + "@" + deadLetter.offset());
                assertThat(deadLetter.key()).isEqualTo("order-91");
                assertThat(KafkaTopics.headers(deadLetter)).containsEntry("outbox-id", Long.toString(poison))
                        .containsEntry("outbox-original-topic", POISON).containsKey("outbox-dead-letter-reason");
            }
            finally {
                outbox.dispatcher().stop();
            }
        }
    }

    @Test
    void theApplicationsOwnProducerHandlerCustomizerIsAppliedToo() throws Exception {
        confirmed(sender().build().send(message(72, RUN + "-customized", "order-72", null)));

        assertThat(this.application.getBean(SendFutures.class).customized).contains(RUN + "-customized");
    }

    @Test
    void withoutTheSendFuturesCustomizerAKafkaBindingIsRefused() throws Exception {
        Throwable failure = failure(StreamApplications.sender(this.application).build()
                .send(message(71, ORDERS, "order-71", null)));

        assertThat(failure).isInstanceOf(StreamDeliveryException.class).hasMessageStartingWith("The Kafka binding '"
                + ORDERS + "' cannot report the producer's acknowledgements without the binder's producer handler "
                + "customizer KafkaSendFutures");
    }

    @Test
    void aSenderThatPipelinesRefusesABindingWhoseProducerIsNotIdempotent() throws Exception {
        Throwable failure = failure(sender().keepsOrderOfPipelinedSends(true).build()
                .send(message(81, WEAK, "order-81", "customer-1")));

        assertThat(failure).isInstanceOf(StreamDeliveryException.class).hasMessageStartingWith("The Kafka binding '"
                + WEAK + "' has a producer that is not idempotent");
    }

    /**
     * The Kafka binder's producer handler customizer, as the auto-configuration declares it, applying one of the
     * application's own.
     */
    @Configuration(proxyBeanMethods = false)
    static class SendFutures {

        /** The destinations the application's own customizer was applied to. */
        final List<String> customized = new CopyOnWriteArrayList<>();

        @Bean
        @Primary
        KafkaSendFutures kafkaSendFutures() {
            return new KafkaSendFutures(() -> List.of((handler, destination) -> this.customized.add(destination)));
        }
    }
}
