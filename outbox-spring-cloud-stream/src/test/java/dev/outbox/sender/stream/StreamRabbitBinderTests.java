/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

import dev.outbox.spi.SendFailure;
import dev.outbox.testing.RabbitServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.context.ConfigurableApplicationContext;

import static dev.outbox.sender.stream.StreamApplications.confirmed;
import static dev.outbox.sender.stream.StreamApplications.failure;
import static dev.outbox.sender.stream.StreamApplications.message;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring Cloud Stream sender with the RabbitMQ binder, on the machine's RabbitMQ: SENT on the broker's publisher
 * confirm, a return or a nack as a failure, and a binding without confirms refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StreamRabbitBinderTests {

    private final String prefix = "outbox-stream-rabbit-" + UUID.randomUUID().toString().substring(0, 8);

    private RabbitServer server;

    private CachingConnectionFactory testConnections;

    private RabbitAdmin admin;

    private ConfigurableApplicationContext application;

    @BeforeAll
    void start() {
        this.server = RabbitServer.require();
        this.testConnections = new CachingConnectionFactory(this.server.host(), this.server.port());
        this.testConnections.setUsername(this.server.username());
        this.testConnections.setPassword(this.server.password());
        this.testConnections.setVirtualHost(this.server.virtualHost());
        this.admin = new RabbitAdmin(this.testConnections);
        this.application = StreamApplications.start(Object.class, properties(this.server.port()));
    }

    @AfterAll
    void stop() {
        if (this.application != null) {
            this.application.close();
        }
        if (this.admin != null) {
            for (String suffix : new String[] { "orders", "unrouted", "unconfirmed" }) {
                this.admin.deleteQueue(this.prefix + "-" + suffix);
                this.admin.deleteExchange(this.prefix + "-" + suffix);
            }
            this.testConnections.destroy();
        }
    }

    String[] properties(int port) {
        return new String[] { "spring.cloud.stream.default-binder=rabbit", "spring.rabbitmq.host=" + this.server.host(),
            "spring.rabbitmq.port=" + port, "spring.rabbitmq.username=" + this.server.username(),
            "spring.rabbitmq.password=" + this.server.password(), "spring.rabbitmq.virtual-host=" + this.server.virtualHost(),
            "spring.rabbitmq.publisher-confirm-type=correlated", "spring.rabbitmq.publisher-returns=true",
            "spring.cloud.stream.rabbit.default.producer.use-confirm-header=true",
            "spring.cloud.stream.rabbit.bindings." + this.prefix + "-unconfirmed.producer.use-confirm-header=false" };
    }

    /** A topic exchange named as the destination, as the binder declares it, with a queue bound for every key. */
    private String boundDestination(String suffix) {
        String name = this.prefix + "-" + suffix;
        TopicExchange exchange = new TopicExchange(name);
        Queue queue = new Queue(name);
        this.admin.declareExchange(exchange);
        this.admin.declareQueue(queue);
        this.admin.declareBinding(BindingBuilder.bind(queue).to(exchange).with("#"));
        return name;
    }

    @Test
    void aConfirmedMessageIsSentWithTheOutboxHeadersAndRecordsItsAmqpMessageId() throws Exception {
        String destination = boundDestination("orders");
        StreamBridgeMessageSender sender = StreamApplications.sender(this.application).build();

        String id = confirmed(sender.send(message(41, destination, "order-41", "customer-7")));

        assertThat(id).isEqualTo("outbox-41");
        Message received = new RabbitTemplate(this.testConnections).receive(destination, 10_000);
        assertThat(received).isNotNull();
        assertThat(new String(received.getBody(), StandardCharsets.UTF_8)).isEqualTo("{\"orderId\":41}");
        assertThat(received.getMessageProperties().getMessageId()).isEqualTo("outbox-41");
        assertThat(received.getMessageProperties().getHeaders()).containsEntry("outbox-id", "41")
                .containsEntry("outbox-type", "order.created").containsEntry("outbox-key", "order-41")
                .containsEntry("outbox-ordering-key", "customer-7").containsEntry("traceparent", "00-abc-01")
                .doesNotContainKey("amqp_publishConfirmCorrelation");
        assertThat(received.getMessageProperties().getContentType()).isEqualTo("application/json");
        assertThat(sender.keepsOrderOfPipelinedSends()).isFalse();
    }

    @Test
    void aMessageNoQueueIsBoundForIsReturnedAndFailsAsItsOwn() throws Exception {
        String destination = this.prefix + "-unrouted";
        StreamBridgeMessageSender sender = StreamApplications.sender(this.application).build();

        Throwable failure = failure(sender.send(message(42, destination, "order-42", null)));

        assertThat(failure).isInstanceOf(StreamDeliveryException.class)
                .hasMessage("returned by the broker: NO_ROUTE, exchange '" + destination + "', routing key '"
                        + destination + "'");
        assertThat(sender.classify(failure)).isEqualTo(SendFailure.MESSAGE);
    }

    @Test
    void aBindingWithoutTheConfirmHeaderIsRefusedWithTheSettingToChangeAndSendsNothing() throws Exception {
        String destination = boundDestination("unconfirmed");
        StreamBridgeMessageSender sender = StreamApplications.sender(this.application).build();

        Throwable failure = failure(sender.send(message(43, destination, "order-43", null)));

        assertThat(failure).isInstanceOf(StreamDeliveryException.class).hasMessage("The RabbitMQ binding '"
                + destination + "' does not report the broker's publisher confirms and returns, so no message sent "
                + "through it could count as sent: set spring.cloud.stream.rabbit.bindings." + destination
                + ".producer.use-confirm-header=true (or spring.cloud.stream.rabbit.default.producer.use-confirm-header=true)");
        assertThat(sender.classify(failure)).isEqualTo(SendFailure.MESSAGE);
        assertThat(new RabbitTemplate(this.testConnections).receive(destination, 500)).isNull();
    }
}
