/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.outbox.message.StoredMessage;
import dev.outbox.testing.RabbitServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The order flow on the {@code rabbit} profile: H2 and the RabbitMQ of {@link RabbitServer};
 * skipped, with the reason printed, when there is none. Also checks that the audit queue, which
 * nothing consumes, is declared with its bound.
 */
@ActiveProfiles("rabbit")
@DirtiesContext
class RabbitOrderFlowTest extends OrderFlowContract {

    @Autowired
    private RabbitTemplate rabbit;

    @BeforeAll
    static void requireRabbitMqWithoutAStaleAuditQueue() throws Exception {
        // An audit queue left by an earlier sample, declared without the bound, would make the declaration fail.
        try (Connection connection = connect(); Channel channel = connection.createChannel()) {
            channel.queueDelete(RabbitTopology.AUDIT_QUEUE);
        }
    }

    @DynamicPropertySource
    static void useTestBroker(DynamicPropertyRegistry registry) {
        RabbitTestBroker.use(registry);
    }

    @Test
    void auditQueueThatNobodyReadsIsBounded() throws Exception {
        Map<String, Object> bound = Map.of(
                "x-message-ttl", (int) Duration.ofHours(RabbitTopology.AUDIT_TTL_HOURS).toMillis(),
                "x-max-length", (long) RabbitTopology.AUDIT_MAX_LENGTH,
                "x-overflow", "drop-head");
        try (Connection connection = connect()) {
            // RabbitMQ accepts declaring an existing queue again only with arguments equal to its own.
            try (Channel channel = connection.createChannel()) {
                channel.queueDeclarePassive(RabbitTopology.AUDIT_QUEUE);
                channel.queueDeclare(RabbitTopology.AUDIT_QUEUE, true, false, false, bound);
            }
            Channel unbounded = connection.createChannel();
            assertThatThrownBy(() -> unbounded.queueDeclare(RabbitTopology.AUDIT_QUEUE, true, false, false, Map.of()))
                    .isInstanceOf(IOException.class).rootCause().hasMessageContaining("PRECONDITION_FAILED")
                    .hasMessageContaining("inequivalent arg");
        }
    }

    private static Connection connect() throws Exception {
        RabbitServer broker = RabbitTestBroker.server();
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(broker.host());
        factory.setPort(broker.port());
        factory.setUsername(broker.username());
        factory.setPassword(broker.password());
        factory.setVirtualHost(broker.virtualHost());
        return factory.newConnection("audit-queue-check");
    }

    @Override
    protected String brokerMessageId(long messageId) {
        return "outbox-" + messageId;
    }

    @Override
    protected void delivered(StoredMessage message) {
        Message received = RabbitTestBroker.awaitDelivered(this.rabbit, RabbitTopology.AUDIT_QUEUE, message);
        assertThat(received.getMessageProperties().getReceivedRoutingKey()).isEqualTo(message.orderingKey());
        // The shipping consumer's listener ships the order; a re-publish of the same message ships nothing more.
        shipsOnceAcrossARedelivery(message, () -> this.rabbit
                .send(RabbitTopology.EXCHANGE, message.orderingKey(), received));
    }
}
