/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import dev.outbox.StoredMessage;
import dev.outbox.testing.RabbitServer;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The order flow on the {@code rabbit} profile: H2 and the RabbitMQ of {@link RabbitServer};
 * skipped, with the reason printed, when there is none.
 */
@ActiveProfiles("rabbit")
@DirtiesContext
class RabbitOrderFlowTest extends OrderFlowContract {

    private static RabbitServer broker;

    @Autowired
    private RabbitTemplate rabbit;

    @Autowired
    private JdbcClient jdbc;

    @Autowired
    private MeterRegistry meters;

    @BeforeAll
    static void requireRabbitMq() {
        broker();
    }

    @DynamicPropertySource
    static void useTestBroker(DynamicPropertyRegistry registry) {
        registry.add("spring.rabbitmq.host", () -> broker().host());
        registry.add("spring.rabbitmq.port", () -> broker().port());
        registry.add("spring.rabbitmq.username", () -> broker().username());
        registry.add("spring.rabbitmq.password", () -> broker().password());
        registry.add("spring.rabbitmq.virtual-host", () -> broker().virtualHost());
    }

    /** Dynamic properties are read before {@code @BeforeAll} runs, so the broker is found on first use. */
    private static RabbitServer broker() {
        if (broker == null) {
            broker = RabbitServer.require();
        }
        return broker;
    }

    @Override
    protected String brokerMessageId(long messageId) {
        return "outbox-" + messageId;
    }

    @Override
    protected void delivered(StoredMessage message) {
        // The audit queue may hold messages of earlier runs, with the same outbox ids (each run's H2 starts at
        // 1) and other orders: read until this one comes, known by its body, which holds the order's unique id.
        AtomicReference<Message> received = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            Message next = this.rabbit.receive(RabbitTopology.AUDIT_QUEUE, 200);
            if (next != null && ("outbox-" + message.id()).equals(next.getMessageProperties().getMessageId())
                    && message.body().equals(new String(next.getBody(), StandardCharsets.UTF_8))) {
                received.set(next);
            }
            return received.get() != null;
        });
        assertThat(received.get().getMessageProperties().getReceivedRoutingKey()).isEqualTo(message.orderingKey());
        // The shipping consumer's listener ships the order; a re-publish of the same message ships nothing more.
        ShippingChecks.shipsOnceAcrossARedelivery(this.jdbc, this.meters, message, () -> this.rabbit
                .send(RabbitTopology.EXCHANGE, message.orderingKey(), received.get()));
    }
}
