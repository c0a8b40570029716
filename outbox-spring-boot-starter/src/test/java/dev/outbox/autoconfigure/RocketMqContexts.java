/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.UUID;
import java.util.function.Consumer;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.sender.rocketmq.autoconfigure.OutboxRocketMqAutoConfiguration;
import dev.outbox.testing.TestDatabase;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageExt;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The application of the RocketMQ tests: the outbox on a test database, and its own producer, started and shut
 * down by the context, that the auto-configured sender sends with; short dispatcher and retry delays.
 */
final class RocketMqContexts {

    private RocketMqContexts() {
    }

    /**
     * @param database the outbox's database
     * @param nameServerAddress where the application's producer finds the name server
     * @param settings more settings of the producer
     */
    static ApplicationContextRunner runner(TestDatabase database, String nameServerAddress,
            Consumer<DefaultMQProducer> settings) {
        return OutboxContexts.on(database)
                .withConfiguration(AutoConfigurations.of(OutboxRocketMqAutoConfiguration.class))
                .withBean(DefaultMQProducer.class, () -> producer(nameServerAddress, settings), definition -> {
                    definition.setInitMethodName("start");
                    definition.setDestroyMethodName("shutdown");
                })
                .withPropertyValues("outbox.dispatcher.send-timeout=5s", "outbox.dispatcher.lease=12s",
                        "outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms",
                        "outbox.retry.initial-delay=200ms", "outbox.retry.max-delay=500ms",
                        "outbox.retry.max-attempts=1000");
    }

    static ApplicationContextRunner runner(TestDatabase database, String nameServerAddress) {
        return runner(database, nameServerAddress, producer -> { });
    }

    /**
     * @return the outbox id that a message read from RocketMQ carries
     */
    static long outboxId(MessageExt message) {
        return Long.parseLong(message.getUserProperty(OutboxHeaders.ID));
    }

    private static DefaultMQProducer producer(String nameServerAddress, Consumer<DefaultMQProducer> settings) {
        DefaultMQProducer producer = new DefaultMQProducer("outbox-test-" + UUID.randomUUID());
        producer.setNamesrvAddr(nameServerAddress);
        // Below outbox.dispatcher.send-timeout, so that a send fails through its callback first.
        producer.setSendMsgTimeout(2000);
        settings.accept(producer);
        return producer;
    }
}
