/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import dev.outbox.sender.rabbit.autoconfigure.OutboxRabbitAutoConfiguration;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.amqp.core.MessageListener;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.awaitility.Awaitility.await;

/**
 * In-order consumption end to end through RabbitMQ: sequenced messages saved in a MariaDB outbox, sent by the real
 * dispatcher to a real RabbitMQ queue, then consumed by four concurrent consumers with a prefetch of ten each. They
 * take the steps of one account at once, so a later step often comes first: it is held, its listener throws, and
 * the container requeues it until the earlier step has run. And a step that an operator skipped: the consumer
 * passes its number instead of holding the later steps, and runs it once, late, when the operator resumes it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RabbitInOrderTests {

    private RabbitTestBroker broker;

    private TestDatabase database;

    private RabbitTestQueue queue;

    @BeforeAll
    void declareQueue() {
        this.broker = RabbitTestBroker.require();
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "rabbit_in_order");
        this.queue = new RabbitTestQueue(this.broker, "outbox-in-order");
    }

    @AfterAll
    void deleteQueue() {
        if (this.queue != null) {
            this.queue.close();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    @Test
    void concurrentConsumersRunEveryAccountsStepsOnceInOrder() {
        outbox().run(context -> {
            AccountSteps steps = new AccountSteps(context);
            steps.saveAndAwaitSent(this.queue.exchange());
            consume(this.queue, 4, steps::consume, () -> await().atMost(Duration.ofSeconds(60)).until(steps::settled));
            steps.assertEachAccountsStepsRanOnceInOrder();
        });
    }

    @Test
    void aSkippedStepIsPassedSoThatTheNextRunsAndRunsOnceLateWhenResumed() {
        RabbitTestQueue skipped = new RabbitTestQueue(this.broker, "outbox-in-order-skipped");
        try {
            outbox().run(context -> {
                SkippedStep steps = new SkippedStep(context);
                steps.saveWithTheSecondStuck(skipped.exchange());
                consume(skipped, 1, steps::consume, steps::skipTheSecondThenResumeIt);
            });
        }
        finally {
            skipped.close();
        }
    }

    private ApplicationContextRunner outbox() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(RabbitAutoConfiguration.class,
                        OutboxRabbitAutoConfiguration.class, OutboxAdminAutoConfiguration.class))
                .withPropertyValues(this.broker.springProperties(this.broker.port()))
                .withPropertyValues("outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms");
    }

    /**
     * Runs a listener container on a queue while the test waits, with a prefetch of ten per consumer; a listener
     * that throws has its message requeued.
     */
    private void consume(RabbitTestQueue from, int consumers, Consumer<Map<String, String>> listener, Runnable test) {
        CachingConnectionFactory connections = this.broker.connectionFactory();
        SimpleMessageListenerContainer container = new SimpleMessageListenerContainer(connections);
        container.setQueueNames(from.queue());
        container.setConcurrentConsumers(consumers);
        container.setPrefetchCount(10);
        container.setMessageListener((MessageListener) message -> {
            Map<String, String> headers = new LinkedHashMap<>();
            message.getMessageProperties().getHeaders().forEach((name, value) -> headers.put(name, String.valueOf(value)));
            listener.accept(headers);
        });
        container.start();
        try {
            test.run();
        }
        finally {
            container.stop();
            connections.destroy();
        }
    }
}
