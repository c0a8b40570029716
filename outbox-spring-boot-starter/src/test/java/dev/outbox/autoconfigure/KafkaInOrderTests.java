/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.Map;

import dev.outbox.sender.kafka.autoconfigure.OutboxKafkaAutoConfiguration;
import dev.outbox.testing.TestDatabase;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import org.springframework.util.backoff.FixedBackOff;

import static dev.outbox.autoconfigure.KafkaTestRecords.headers;
import static org.awaitility.Awaitility.await;

/**
 * In-order consumption end to end through Kafka: sequenced messages saved in a MariaDB outbox, sent by the real
 * dispatcher to an in-process KRaft broker, consumed by a Spring Kafka listener container with three consumers
 * whose error handler seeks back to a record its listener threw on and retries it without end, as
 * docs/consumers.md advises for in-order consumption. And a step that an operator skipped, which the consumer passes
 * instead of holding the partition for good.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KafkaInOrderTests {

    private static final String TOPIC = "outbox-account-steps";

    private static final String SKIPPED_TOPIC = "outbox-skipped-steps";

    private EmbeddedKafkaKraftBroker kafka;

    private TestDatabase database;

    @BeforeAll
    void startBroker() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "kafka_in_order");
        this.kafka = new EmbeddedKafkaKraftBroker(1, 3, TOPIC, SKIPPED_TOPIC);
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

    @Test
    void everyAccountsStepsRunOnceInOrderThoughSomeAreDeliveredTwice() {
        outbox().run(context -> {
            AccountSteps steps = new AccountSteps(context);
            steps.saveAndAwaitSent(TOPIC);
            consume(TOPIC, record -> steps.consume(headers(record)),
                    () -> await().atMost(Duration.ofSeconds(60)).until(steps::settled));
            steps.assertEachAccountsStepsRanOnceInOrder();
        });
    }

    /**
     * With the back-off without end that in-order consumption needs, a number that never came would stop the
     * partition for good: the skipped step's marker is what lets the next step through.
     */
    @Test
    void aSkippedStepIsPassedSoThatThePartitionGoesOnAndRunsOnceLateWhenResumed() {
        outbox().run(context -> {
            SkippedStep steps = new SkippedStep(context);
            steps.saveWithTheSecondStuck(SKIPPED_TOPIC);
            consume(SKIPPED_TOPIC, record -> steps.consume(headers(record)), steps::skipTheSecondThenResumeIt);
        });
    }

    private ApplicationContextRunner outbox() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class, OutboxKafkaAutoConfiguration.class,
                        OutboxAdminAutoConfiguration.class))
                .withPropertyValues("spring.kafka.bootstrap-servers=" + this.kafka.getBrokersAsString(),
                        "outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms");
    }

    private void consume(String topic, MessageListener<String, String> listener, Runnable test) {
        ConcurrentMessageListenerContainer<String, String> container = container(topic, listener);
        container.start();
        try {
            test.run();
        }
        finally {
            container.stop();
        }
    }

    private ConcurrentMessageListenerContainer<String, String> container(String topic,
            MessageListener<String, String> listener) {
        Map<String, Object> consumer = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, this.kafka.getBrokersAsString(),
                ConsumerConfig.GROUP_ID_CONFIG, "account-closing", ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        ContainerProperties properties = new ContainerProperties(topic);
        properties.setMessageListener(listener);
        ConcurrentMessageListenerContainer<String, String> container = new ConcurrentMessageListenerContainer<>(
                new DefaultKafkaConsumerFactory<>(consumer, new StringDeserializer(), new StringDeserializer()),
                properties);
        container.setConcurrency(3);
        container.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff(50, FixedBackOff.UNLIMITED_ATTEMPTS)));
        return container;
    }
}
