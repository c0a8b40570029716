/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import dev.outbox.message.StoredMessage;
import dev.outbox.testing.RabbitServer;
import org.jspecify.annotations.Nullable;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;

import static org.awaitility.Awaitility.await;

/**
 * The RabbitMQ of {@link RabbitServer} for the profiles that deliver to it (rabbit, stream), and how their tests read
 * a delivered message back.
 */
final class RabbitTestBroker {

    private static @Nullable RabbitServer server;

    private RabbitTestBroker() {
    }

    /**
     * Connects the application to the test broker ({@code spring.rabbitmq.*}); skips the test when there is none. The
     * application reads these properties more than once, and the broker is looked up at the first read only.
     */
    static void use(DynamicPropertyRegistry registry) {
        registry.add("spring.rabbitmq.host", () -> server().host());
        registry.add("spring.rabbitmq.port", () -> server().port());
        registry.add("spring.rabbitmq.username", () -> server().username());
        registry.add("spring.rabbitmq.password", () -> server().password());
        registry.add("spring.rabbitmq.virtual-host", () -> server().virtualHost());
    }

    /**
     * @return the test broker, found on first use: dynamic properties are read before {@code @BeforeAll} runs
     */
    static synchronized RabbitServer server() {
        if (server == null) {
            server = RabbitServer.require();
        }
        return server;
    }

    /**
     * Reads a queue until the outbox's message comes, known by its AMQP message id and its body, which holds the
     * order's unique id: the queue may hold messages of earlier runs, with the same outbox ids (each run's H2 starts
     * at 1) and other orders.
     *
     * @param rabbit a template on the test broker
     * @param queue the queue that receives the message
     * @param message the message, as saved
     * @return the message as the queue delivered it
     */
    static Message awaitDelivered(RabbitTemplate rabbit, String queue, StoredMessage message) {
        AtomicReference<Message> received = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            Message next = rabbit.receive(queue, 200);
            if (next != null && ("outbox-" + message.id()).equals(next.getMessageProperties().getMessageId())
                    && message.body().equals(new String(next.getBody(), StandardCharsets.UTF_8))) {
                received.set(next);
            }
            return received.get() != null;
        });
        return received.get();
    }
}
