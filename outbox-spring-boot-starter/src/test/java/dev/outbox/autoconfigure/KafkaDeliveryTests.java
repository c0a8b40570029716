/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.outbox.Dispatcher;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.message.StoredMessage;
import dev.outbox.sender.kafka.KafkaMessageSender;
import dev.outbox.sender.kafka.autoconfigure.OutboxKafkaAutoConfiguration;
import dev.outbox.testing.TestDatabase;
import kafka.server.BrokerServer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import static dev.outbox.autoconfigure.KafkaTestRecords.headers;
import static dev.outbox.autoconfigure.KafkaTestRecords.recordOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Kafka sender, wired by the auto-configuration on Spring Boot's KafkaTemplate, delivering
 * through the real dispatcher from a MariaDB outbox to an in-process KRaft broker: a stopped broker pauses the
 * route without spending attempts, a record the producer refuses spends its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KafkaDeliveryTests {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private static final String HEADERS_TOPIC = "outbox-headers";

    private static final String ORDERING_TOPIC = "outbox-ordering";

    private static final String OUTAGE_TOPIC = "outbox-outage";

    private static final String POISON_TOPIC = "outbox-poison";

    /** The producer's max.request.size in these tests: a small message fits, a larger body does not. */
    private static final int MAX_REQUEST_SIZE = 2_000;

    private EmbeddedKafkaKraftBroker kafka;

    private TestDatabase database;

    @BeforeAll
    void startBroker() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "kafka_delivery");
        this.kafka = new EmbeddedKafkaKraftBroker(1, 3, HEADERS_TOPIC, ORDERING_TOPIC, OUTAGE_TOPIC, POISON_TOPIC);
        // A restarted broker is ready in about a second instead of ten.
        this.kafka.brokerProperties(Map.of("broker.session.timeout.ms", "1500", "broker.heartbeat.interval.ms", "300"));
        this.kafka.afterPropertiesSet();
    }

    @AfterAll
    void stopBroker() {
        if (this.kafka != null) {
            this.kafka.destroy();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class, OutboxKafkaAutoConfiguration.class))
                .withPropertyValues("spring.kafka.bootstrap-servers=" + this.kafka.getBrokersAsString(),
                        // During the outage, sends fail within seconds, in both ways: at send() and through the future.
                        "spring.kafka.producer.properties[max.block.ms]=1000",
                        "spring.kafka.producer.properties[request.timeout.ms]=1000",
                        "spring.kafka.producer.properties[delivery.timeout.ms]=2000",
                        "spring.kafka.producer.properties[reconnect.backoff.max.ms]=300",
                        "spring.kafka.producer.properties[max.request.size]=" + MAX_REQUEST_SIZE,
                        "outbox.dispatcher.outage-probe-interval=300ms", "outbox.dispatcher.send-timeout=5s", "outbox.dispatcher.lease=12s",
                        "outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms",
                        "outbox.retry.initial-delay=200ms", "outbox.retry.max-delay=500ms",
                        "outbox.retry.max-attempts=1000");
    }

    @Test
    void aMessageArrivesWithItsKeyHeadersAndBodyAndRecordsItsOffset() {
        runner().run(context -> {
            assertThat(context).hasSingleBean(KafkaMessageSender.class);
            SaveResult ordered = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                    .key("order-1").topic(HEADERS_TOPIC).payload("{\"orderId\":1}").orderingKey("customer-7")
                    .header("traceparent", "00-abc-01").save());
            SaveResult unordered = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                    .key("order-2").topic(HEADERS_TOPIC).payload("{\"orderId\":2}").save());
            OutboxContexts.awaitSent(context, ordered.id());
            OutboxContexts.awaitSent(context, unordered.id());

            List<ConsumerRecord<String, String>> records = consume(HEADERS_TOPIC, 2);
            ConsumerRecord<String, String> first = recordOf(records, ordered.id());
            assertThat(first.key()).isEqualTo("customer-7");
            assertThat(first.value()).isEqualTo("{\"orderId\":1}");
            assertThat(headers(first)).containsEntry("outbox-id", Long.toString(ordered.id()))
                    .containsEntry("outbox-type", "order.created").containsEntry("outbox-key", "order-1")
                    .containsEntry("traceparent", "00-abc-01");
            assertThat(OutboxContexts.stored(context, ordered.id()).brokerMessageId())
                    .isEqualTo(HEADERS_TOPIC + "-" + first.partition() + "@" + first.offset());
            assertThat(recordOf(records, unordered.id()).key()).isEqualTo("order-2");
        });
    }

    @Test
    void theMessagesOfOneOrderingKeyLandInOnePartitionInOrder() {
        runner().run(context -> {
            List<String> customers = List.of("customer-a", "customer-b", "customer-c");
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                for (String customer : customers) {
                    String key = customer + "-order-" + i;
                    ids.add(OutboxContexts.save(context, outbox -> outbox.message("order.created").key(key)
                            .topic(ORDERING_TOPIC).payload("{}").orderingKey(customer).save()).id());
                }
            }
            ids.forEach(id -> OutboxContexts.awaitSent(context, id));

            Map<String, List<ConsumerRecord<String, String>>> byKey = consume(ORDERING_TOPIC, ids.size()).stream()
                    .collect(Collectors.groupingBy(ConsumerRecord::key));
            assertThat(byKey).containsOnlyKeys(customers);
            byKey.forEach((customer, records) -> {
                assertThat(records).as(customer).extracting(ConsumerRecord::partition).containsOnly(
                        records.get(0).partition());
                assertThat(records).as(customer).extracting(KafkaTestRecords::outboxId).hasSize(10).isSorted();
            });
        });
    }

    @Test
    void aRecordLargerThanTheProducerTakesIsFailedInOneAttemptAndTheOthersAreSent() {
        runner().run(context -> {
            // With the default 20 attempts: the broker can never take it, so the first is its last.
            long oversized = OutboxContexts.save(context, outbox -> outbox.message("oversized").key("big-1")
                    .topic(POISON_TOPIC).payload("{\"data\":\"" + "x".repeat(MAX_REQUEST_SIZE) + "\"}").save()).id();
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(OutboxContexts.stored(context, oversized).state())
                    .isEqualTo(MessageState.FAILED));
            StoredMessage failed = OutboxContexts.stored(context, oversized);
            assertThat(failed.retryCount()).isOne();
            assertThat(failed.failReason()).contains("RecordTooLargeException");
            assertThat(context.getBean(Dispatcher.class).pausedRoutes()).isEmpty();

            List<Long> others = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                String key = "small-" + i;
                others.add(OutboxContexts.save(context, outbox -> outbox.message("order.created").key(key)
                        .topic(POISON_TOPIC).payload("{}").save()).id());
            }
            others.forEach(id -> OutboxContexts.awaitSent(context, id));
            OutboxContexts.assertNoAttemptSpent(context, others);
            assertThat(consume(POISON_TOPIC, others.size())).extracting(KafkaTestRecords::outboxId)
                    .containsExactlyInAnyOrderElementsOf(others);
        });
    }

    @Test
    void whileTheBrokerIsDownTheRouteIsPausedWithoutSpendingAttemptsAndAllAreDeliveredAfterItsRestart()
            throws Exception {
        runner().run(context -> {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                ids.add(saveOutageMessage(context, "before-" + i));
            }
            ids.forEach(id -> OutboxContexts.awaitSent(context, id));

            BrokerServer broker = this.kafka.getCluster().brokers().values().iterator().next();
            broker.shutdown();
            broker.awaitShutdown();
            List<Long> duringOutage = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                duringOutage.add(saveOutageMessage(context, "during-" + i));
            }
            assertThat(OutboxContexts.awaitPausedAndProbed(context).reason()).startsWith("org.springframework.kafka");
            OutboxContexts.assertWaitingWithoutAttempts(context, duringOutage);

            broker.startup();
            this.kafka.getCluster().waitForReadyBrokers();
            ids.addAll(duringOutage);
            ids.forEach(id -> OutboxContexts.awaitSent(context, id));
            assertThat(context.getBean(Dispatcher.class).pausedRoutes()).isEmpty();
            OutboxContexts.assertNoAttemptSpent(context, ids);
            // At least once: every message is there; a retry after a lost acknowledgement may add a duplicate.
            assertThat(consume(OUTAGE_TOPIC, ids.size())).extracting(KafkaTestRecords::outboxId)
                    .containsAll(ids);
        });
    }

    private static long saveOutageMessage(ApplicationContext context, String key) {
        return OutboxContexts.save(context, outbox -> outbox.message("order.created").key(key).topic(OUTAGE_TOPIC)
                .payload("{}").save()).id();
    }

    private List<ConsumerRecord<String, String>> consume(String topic, int atLeast) {
        return KafkaTestRecords.consume(this.kafka.getBrokersAsString(), topic, atLeast, PATIENCE);
    }
}
