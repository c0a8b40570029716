/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.outbox.Dispatcher;
import dev.outbox.MessageRoutes;
import dev.outbox.message.MessageState;
import dev.outbox.sender.LoggingMessageSender;
import dev.outbox.sender.stream.autoconfigure.OutboxStreamAutoConfiguration;
import dev.outbox.spi.MessageSender;
import dev.outbox.testing.RabbitServer;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.amqp.core.Message;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.channel.DirectChannel;
import org.springframework.integration.channel.QueueChannel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The senders wired by the auto-configuration in a Spring Cloud Stream application with the RabbitMQ binder, on the
 * machine's RabbitMQ and a MariaDB outbox whose dispatcher sends through them: a saved message becomes SENT with its
 * AMQP message id once the broker confirmed it; the channel sender on {@code outbox.stream.channel}; the switch; and
 * the settings the start refuses, with the message the user sees.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StreamRabbitDeliveryTests {

    private static final String TOPIC = "orders";

    private final String destination = "outbox-stream-delivery-" + UUID.randomUUID().toString().substring(0, 8);

    private RabbitServer server;

    private RabbitDestinations destinations;

    @BeforeAll
    void declare() {
        this.server = RabbitServer.require();
        this.destinations = new RabbitDestinations(this.server);
        this.destinations.bound(this.destination);
    }

    @AfterAll
    void delete() {
        if (this.destinations != null) {
            this.destinations.close();
        }
    }

    private ConfigurableApplicationContext start(Class<?> outbox, String... properties) {
        return StreamApplications.start(outbox, this.destinations.applicationProperties(this.server.host(),
                this.server.port()), properties);
    }

    @Test
    void aSavedMessageIsSentThroughTheBindingOfItsTopicAndRecordsItsAmqpMessageId() {
        try (ConfigurableApplicationContext application = start(StreamOutbox.class,
                "outbox.stream.bindings[" + TOPIC + "]=" + this.destination, "outbox.stream.channel=audit")) {
            assertThat(application.getBean(OutboxStreamAutoConfiguration.STREAM_SENDER_BEAN_NAME))
                    .isInstanceOf(StreamBridgeMessageSender.class);
            assertThat(application.getBean(OutboxStreamAutoConfiguration.CHANNEL_SENDER_BEAN_NAME, MessageSender.class))
                    .isInstanceOf(MessageChannelSender.class);
            assertThat(application.getBeanFactory().getBeanDefinition(
                    OutboxStreamAutoConfiguration.KAFKA_SEND_FUTURES_BEAN_NAME).isPrimary()).isTrue();
            TestOutbox outbox = application.getBean(TestOutbox.class);

            long id = outbox.save("order.created", "order-1", TOPIC, "customer-7", "{\"orderId\":1}");

            assertThat(outbox.awaitState(id, MessageState.SENT).brokerMessageId()).isEqualTo("outbox-" + id);
            Message received = this.destinations.receive(this.destination);
            assertThat(received).isNotNull();
            assertThat(new String(received.getBody(), StandardCharsets.UTF_8)).isEqualTo("{\"orderId\":1}");
            assertThat(received.getMessageProperties().getHeaders()).containsEntry("outbox-id", Long.toString(id));
            // Both binders are on this class path, so a key's sends are not pipelined.
            assertThat(application.getBean(StreamBridgeMessageSender.class).keepsOrderOfPipelinedSends()).isFalse();
        }
    }

    @Test
    void theSenderCanBeSwitchedOff() {
        try (ConfigurableApplicationContext application = start(IdleOutbox.class, "outbox.stream.enabled=false")) {
            assertThat(application.getBeansOfType(StreamBridgeMessageSender.class)).isEmpty();
            assertThat(application.getBeansOfType(KafkaSendFutures.class)).isEmpty();
            assertThat(application.getBeansOfType(MessageChannelSender.class)).isEmpty();
        }
    }

    @Test
    void aBlankBindingFailsTheStartWithThePropertyToFix() {
        assertThatThrownBy(() -> start(IdleOutbox.class, "outbox.stream.bindings[orders]= ").close())
                .rootCause().isInstanceOf(IllegalStateException.class).hasMessage("outbox.stream.bindings[orders] is "
                        + "blank: name the Spring Cloud Stream binding that messages of topic 'orders' are sent "
                        + "through, or leave the topic out to send them through the binding named as the topic");
    }

    @Test
    void aChannelThatOnlyBuffersFailsTheStartWithTheReason() {
        assertThatThrownBy(() -> start(IdleOutbox.class, "outbox.stream.channel=buffered").close()).rootCause()
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("The outbox's channel sender "
                        + "needs a channel whose flow runs on the sending thread, so that a return means the broker "
                        + "confirmed the message, but QueueChannel 'buffered' only buffers messages for another thread");
    }

    /** An outbox on MariaDB whose dispatcher sends through the auto-configured Spring Cloud Stream sender. */
    @Configuration(proxyBeanMethods = false)
    static class StreamOutbox {

        @Bean(destroyMethod = "close")
        TestDatabase database() {
            return TestDatabase.create(TestDatabase.Kind.MARIADB, "stream_rabbit_delivery");
        }

        @Bean
        TestOutbox outbox(TestDatabase database,
                @Qualifier(OutboxStreamAutoConfiguration.STREAM_SENDER_BEAN_NAME) MessageSender sender) {
            return TestOutbox.on(database, MessageRoutes.to(sender));
        }

        @Bean(initMethod = "start", destroyMethod = "stop")
        Dispatcher dispatcher(TestOutbox outbox) {
            return outbox.dispatcher();
        }

        /** A flow's input: what it receives, it keeps. */
        @Bean
        DirectChannel audit(List<org.springframework.messaging.Message<?>> audited) {
            DirectChannel channel = new DirectChannel();
            channel.subscribe(audited::add);
            return channel;
        }

        @Bean
        List<org.springframework.messaging.Message<?>> audited() {
            return new CopyOnWriteArrayList<>();
        }
    }

    /** An application whose dispatcher is never started and sends through a sender of its own. */
    @Configuration(proxyBeanMethods = false)
    static class IdleOutbox {

        @Bean(destroyMethod = "close")
        TestDatabase database() {
            return TestDatabase.create(TestDatabase.Kind.MARIADB, "stream_rabbit_idle");
        }

        @Bean
        Dispatcher dispatcher(TestDatabase database) {
            return TestOutbox.on(database, MessageRoutes.to(new LoggingMessageSender())).dispatcher();
        }

        @Bean
        QueueChannel buffered() {
            return new QueueChannel();
        }
    }
}
