/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import dev.outbox.MessageState;
import dev.outbox.SaveResult;
import dev.outbox.StoredMessage;
import dev.outbox.sender.rabbit.RabbitMessageSender;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The RabbitMQ sender, wired by the auto-configuration on Spring Boot's RabbitTemplate, delivering
 * through the real dispatcher from a MariaDB outbox to a real RabbitMQ.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RabbitDeliveryTests {

    private static final Duration PATIENCE = Duration.ofSeconds(15);

    private final String suffix = UUID.randomUUID().toString().substring(0, 8);

    private final String exchange = "outbox-test-" + this.suffix;

    private final String exchangeWithoutBindings = "outbox-test-unbound-" + this.suffix;

    private final String queue = "outbox-test-" + this.suffix;

    private final String exchangeToFullQueue = "outbox-test-full-" + this.suffix;

    private final String fullQueue = "outbox-test-full-" + this.suffix;

    private RabbitTestBroker broker;

    private TestDatabase database;

    private CachingConnectionFactory testConnections;

    private RabbitAdmin admin;

    /** Received messages by outbox id; a redelivered duplicate lands on the same entry. */
    private final Map<Long, Message> received = new ConcurrentHashMap<>();

    @BeforeAll
    void declareExchangesAndQueue() {
        this.broker = RabbitTestBroker.require();
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "rabbit_delivery");
        this.testConnections = this.broker.connectionFactory();
        this.admin = new RabbitAdmin(this.testConnections);
        TopicExchange topicExchange = new TopicExchange(this.exchange, false, false);
        Queue testQueue = new Queue(this.queue, false, false, false);
        this.admin.declareExchange(topicExchange);
        this.admin.declareExchange(new TopicExchange(this.exchangeWithoutBindings, false, false));
        this.admin.declareQueue(testQueue);
        this.admin.declareBinding(BindingBuilder.bind(testQueue).to(topicExchange).with("#"));
        // A queue that takes no message and rejects each publish: the broker nacks it.
        TopicExchange toFullQueue = new TopicExchange(this.exchangeToFullQueue, false, false);
        Queue full = QueueBuilder.nonDurable(this.fullQueue).maxLength(0).overflow(QueueBuilder.Overflow.rejectPublish)
                .build();
        this.admin.declareExchange(toFullQueue);
        this.admin.declareQueue(full);
        this.admin.declareBinding(BindingBuilder.bind(full).to(toFullQueue).with("#"));
    }

    @AfterAll
    void deleteExchangesAndQueue() {
        if (this.admin != null) {
            this.admin.deleteQueue(this.queue);
            this.admin.deleteQueue(this.fullQueue);
            this.admin.deleteExchange(this.exchangeToFullQueue);
            this.admin.deleteExchange(this.exchange);
            this.admin.deleteExchange(this.exchangeWithoutBindings);
            this.testConnections.destroy();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner(int rabbitPort) {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(RabbitAutoConfiguration.class,
                        OutboxRabbitAutoConfiguration.class))
                .withPropertyValues(this.broker.springProperties(rabbitPort))
                .withPropertyValues("outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms",
                        "outbox.retry.initial-delay=100ms", "outbox.retry.max-delay=300ms");
    }

    @Test
    void aConfirmedMessageIsSentWithTheAmqpMessageIdItsPropertiesAndHeaders() {
        runner(this.broker.port()).run(context -> {
            assertThat(context).hasSingleBean(RabbitMessageSender.class);
            SaveResult ordered = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                    .key("order-1").topic(this.exchange).payload("{\"orderId\":1}").orderingKey("customer-7")
                    .header("traceparent", "00-abc-01").save());
            SaveResult unordered = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                    .key("order-2").topic(this.exchange).payload("{\"orderId\":2}").save());

            OutboxContexts.awaitSent(context, ordered.id());
            OutboxContexts.awaitSent(context, unordered.id());
            assertThat(OutboxContexts.stored(context, ordered.id()).brokerMessageId())
                    .isEqualTo("outbox-" + ordered.id());
            awaitReceived(ordered.id(), unordered.id());

            Message message = this.received.get(ordered.id());
            assertThat(new String(message.getBody(), StandardCharsets.UTF_8)).isEqualTo("{\"orderId\":1}");
            assertThat(message.getMessageProperties().getMessageId()).isEqualTo("outbox-" + ordered.id());
            assertThat(message.getMessageProperties().getType()).isEqualTo("order.created");
            assertThat(message.getMessageProperties().getContentType()).isEqualTo("application/json");
            assertThat(message.getMessageProperties().getReceivedRoutingKey()).isEqualTo("customer-7");
            assertThat(message.getMessageProperties().<Object>getHeaders()).containsEntry("outbox-id",
                    Long.toString(ordered.id())).containsEntry("outbox-type", "order.created")
                    .containsEntry("outbox-key", "order-1").containsEntry("traceparent", "00-abc-01");
            assertThat(this.received.get(unordered.id()).getMessageProperties().getReceivedRoutingKey())
                    .isEqualTo("order-2");
        });
    }

    @Test
    void aRoutesRoutingKeyReplacesTheOrderingKeyAsRoutingKey() {
        runner(this.broker.port()).withPropertyValues("outbox.routes[order.audited].routing-key=audit.orders")
                .run(context -> {
                    SaveResult saved = OutboxContexts.save(context, outbox -> outbox.message("order.audited")
                            .key("order-3").topic(this.exchange).payload("{}").orderingKey("customer-7").save());

                    OutboxContexts.awaitSent(context, saved.id());
                    awaitReceived(saved.id());

                    assertThat(this.received.get(saved.id()).getMessageProperties().getReceivedRoutingKey())
                            .isEqualTo("audit.orders");
                });
    }

    @Test
    void anUnroutableMessageIsRetriedThenFailedWithTheBrokersReason() {
        runner(this.broker.port()).withPropertyValues("outbox.retry.max-attempts=2").run(context -> {
            SaveResult saved = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                    .key("unroutable-1").topic(this.exchangeWithoutBindings).payload("{}").save());

            await().atMost(PATIENCE).untilAsserted(() -> assertThat(OutboxContexts.stored(context, saved.id()).state())
                    .isEqualTo(MessageState.FAILED));
            StoredMessage failed = OutboxContexts.stored(context, saved.id());
            assertThat(failed.retryCount()).isEqualTo(2);
            assertThat(failed.brokerMessageId()).isNull();
            assertThat(failed.failReason()).contains("RabbitDeliveryException")
                    .contains("returned by the broker: NO_ROUTE, exchange '" + this.exchangeWithoutBindings
                            + "', routing key 'unroutable-1'");
        });
    }

    @Test
    void aMessageTheBrokerNacksIsRetriedThenFailedAsNacked() {
        runner(this.broker.port()).withPropertyValues("outbox.retry.max-attempts=2").run(context -> {
            SaveResult saved = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                    .key("rejected-1").topic(this.exchangeToFullQueue).payload("{}").save());

            await().atMost(PATIENCE).untilAsserted(() -> assertThat(OutboxContexts.stored(context, saved.id()).state())
                    .isEqualTo(MessageState.FAILED));
            assertThat(OutboxContexts.stored(context, saved.id()).failReason())
                    .contains("RabbitDeliveryException: nacked by the broker");
        });
    }

    @Test
    void whileTheBrokerRefusesConnectionsMessagesWaitAndAreAllDeliveredOnceItIsBack() throws IOException {
        runner(closedPort()).withPropertyValues("outbox.retry.max-attempts=1000").run(context -> {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                String key = "refused-" + i;
                ids.add(OutboxContexts.save(context, outbox -> outbox.message("order.created").key(key)
                        .topic(this.exchange).payload("{}").save()).id());
            }
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(ids).allSatisfy(id -> {
                StoredMessage message = OutboxContexts.stored(context, id);
                assertThat(message.state()).isEqualTo(MessageState.PENDING);
                assertThat(message.retryCount()).isPositive();
                assertThat(message.failReason()).contains("AmqpConnectException");
            }));

            CachingConnectionFactory connectionFactory = context.getBean(CachingConnectionFactory.class);
            // Spring Boot configures the connection factory with addresses, which take precedence over host and port.
            connectionFactory.setAddresses(this.broker.host() + ":" + this.broker.port());
            connectionFactory.resetConnection();

            ids.forEach(id -> OutboxContexts.awaitSent(context, id));
            awaitReceived(ids.toArray(Long[]::new));
        });
    }

    private void awaitReceived(Long... ids) {
        RabbitTemplate reader = new RabbitTemplate(this.testConnections);
        await().atMost(PATIENCE).untilAsserted(() -> {
            Message message = reader.receive(this.queue, 200);
            if (message != null) {
                Object id = message.getMessageProperties().getHeaders().get("outbox-id");
                this.received.put(Long.valueOf(String.valueOf(id)), message);
            }
            assertThat(this.received).containsKeys(ids);
        });
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
