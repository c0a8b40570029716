/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.outbox.message.StoredMessage;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.sender.kafka.autoconfigure.OutboxKafkaAutoConfiguration;
import dev.outbox.testing.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
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

/**
 * Poison messages on a real Kafka (an in-process KRaft broker), from a MariaDB outbox through the real dispatcher:
 * a message the producer rejects for good, or one that fails with an exception its route names non-retryable, is
 * FAILED after one attempt and lands in its type's dead-letter topic with the headers that say why, while the
 * other messages of its type and of other types are sent. A dead letter that Kafka cannot take either is noted
 * in the row and counted.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KafkaDeadLetterTests {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private static final String ORDERS = "outbox-orders";

    private static final String ORDERS_DLT = "outbox-orders.DLT";

    private static final String PAYMENTS = "outbox-payments";

    /** The producer's max.request.size in these tests: a small message fits, a larger body does not. */
    private static final int MAX_REQUEST_SIZE = 2_000;

    private EmbeddedKafkaKraftBroker kafka;

    private TestDatabase database;

    @BeforeAll
    void startBroker() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "kafka_dead_letters");
        this.kafka = new EmbeddedKafkaKraftBroker(1, 1, ORDERS, ORDERS_DLT, PAYMENTS);
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
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withPropertyValues("spring.kafka.bootstrap-servers=" + this.kafka.getBrokersAsString(),
                        "spring.kafka.producer.value-serializer=" + PoisonSerializer.class.getName(),
                        "spring.kafka.producer.properties[max.request.size]=" + MAX_REQUEST_SIZE,
                        "outbox.routes[order.created].dead-letter-topic=" + ORDERS_DLT,
                        "outbox.routes[order.created].non-retryable="
                                + PoisonSerializer.SchemaViolationException.class.getName(),
                        "outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms",
                        "outbox.retry.initial-delay=200ms", "outbox.retry.max-delay=500ms");
    }

    @Test
    void poisonMessagesAreFailedInOneAttemptAndDeadLetteredWhileTheOthersAreSent() {
        runner().run(context -> {
            long unserializable = save(context, "order.created", "order-1", ORDERS, "{\"unserializable\":true}");
            long schemaViolation = save(context, "order.created", "order-2", ORDERS, "{\"schema-violation\":true}");
            List<Long> others = new ArrayList<>();
            for (int i = 3; i < 6; i++) {
                others.add(save(context, "order.created", "order-" + i, ORDERS, "{}"));
            }
            long payment = save(context, "payment.taken", "payment-1", PAYMENTS, "{}");

            StoredMessage rejected = OutboxContexts.awaitFailed(context, unserializable);
            assertThat(rejected.retryCount()).isOne();
            assertThat(rejected.failReason()).contains("SerializationException: cannot serialize the body");
            StoredMessage nonRetryable = OutboxContexts.awaitFailed(context, schemaViolation);
            assertThat(nonRetryable.retryCount()).isOne();
            assertThat(nonRetryable.failReason()).contains("SchemaViolationException: the body breaks the schema");
            others.forEach(id -> OutboxContexts.awaitSent(context, id));
            OutboxContexts.awaitSent(context, payment);
            OutboxContexts.assertNoAttemptSpent(context, others);

            List<ConsumerRecord<String, String>> deadLetters = consume(ORDERS_DLT, 2);
            assertThat(deadLetters).extracting(KafkaTestRecords::outboxId)
                    .containsExactlyInAnyOrder(unserializable, schemaViolation);
            ConsumerRecord<String, String> deadLetter = recordOf(deadLetters, unserializable);
            assertThat(deadLetter.key()).isEqualTo("order-1");
            assertThat(deadLetter.value()).isEqualTo("{\"unserializable\":true}");
            assertThat(headers(deadLetter)).containsEntry(OutboxHeaders.TYPE, "order.created")
                    .containsEntry(OutboxHeaders.KEY, "order-1").containsEntry(OutboxHeaders.ORIGINAL_TOPIC, ORDERS)
                    .containsEntry(OutboxHeaders.ATTEMPTS, "1").hasEntrySatisfying(OutboxHeaders.DEAD_LETTER_REASON,
                            reason -> assertThat(reason).contains("cannot serialize the body for topic " + ORDERS));
            assertThat(rejected.brokerMessageId()).isEqualTo("dead-letter:" + ORDERS_DLT + "-0@" + deadLetter.offset());
            assertThat(nonRetryable.brokerMessageId()).startsWith("dead-letter:" + ORDERS_DLT + "-0@");
            // The topic is the class's: it holds the other test's messages too.
            assertThat(consume(ORDERS, others.size())).extracting(KafkaTestRecords::outboxId)
                    .containsAll(others).doesNotContain(unserializable, schemaViolation);
            assertThat(OutboxContexts.deadLettersCounted(context, "order.created", "published")).isEqualTo(2.0);
        });
    }

    @Test
    void aDeadLetterThatKafkaCannotTakeEitherIsNotedInTheFailedRowAndCounted() {
        runner().run(context -> {
            long tooLarge = save(context, "order.created", "order-large", ORDERS,
                    "{\"data\":\"" + "x".repeat(MAX_REQUEST_SIZE) + "\"}");
            long other = save(context, "order.created", "order-small", ORDERS, "{}");

            StoredMessage failed = OutboxContexts.awaitFailed(context, tooLarge);
            assertThat(failed.retryCount()).isOne();
            assertThat(failed.brokerMessageId()).isNull();
            assertThat(failed.failReason()).startsWith("org.springframework.kafka")
                    .contains("RecordTooLargeException")
                    .contains("\nDead letter to '" + ORDERS_DLT + "' not published: ");
            OutboxContexts.awaitSent(context, other);
            assertThat(OutboxContexts.deadLettersCounted(context, "order.created", "failed")).isEqualTo(1.0);
        });
    }

    private static long save(ApplicationContext context, String type, String key, String topic, String payload) {
        return OutboxContexts.save(context, outbox -> outbox.message(type).key(key).topic(topic).payload(payload)
                .save()).id();
    }

    private List<ConsumerRecord<String, String>> consume(String topic, int atLeast) {
        return KafkaTestRecords.consume(this.kafka.getBrokersAsString(), topic, atLeast, PATIENCE);
    }
}
