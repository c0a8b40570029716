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

import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.message.StoredMessage;
import dev.outbox.sender.rabbit.RabbitMessageSender;
import dev.outbox.sender.rabbit.autoconfigure.OutboxRabbitAutoConfiguration;
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

    private RabbitTestBroker broker;

    private TestDatabase database;

    private RabbitTestQueue queue;

    private String exchange;

    private String exchangeWithoutBindings;

    private String exchangeToFullQueue;

    private String fullQueue;

    @BeforeAll
    void declareExchangesAndQueues() {
        this.broker = RabbitTestBroker.require();
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "rabbit_delivery");
        this.queue = new RabbitTestQueue(this.broker, "outbox-delivery");
        this.exchange = this.queue.exchange();
        this.exchangeWithoutBindings = this.queue.name("unbound");
        this.exchangeToFullQueue = this.queue.name("to-full");
        this.fullQueue = this.queue.name("full");
        RabbitAdmin admin = this.queue.admin();
        admin.declareExchange(new TopicExchange(this.exchangeWithoutBindings, false, false));
        // A queue that takes no message and rejects each publish: the broker nacks it.
        TopicExchange toFullQueue = new TopicExchange(this.exchangeToFullQueue, false, false);
        Queue full = QueueBuilder.nonDurable(this.fullQueue).maxLength(0).overflow(QueueBuilder.Overflow.rejectPublish)
                .build();
        admin.declareExchange(toFullQueue);
        admin.declareQueue(full);
        admin.declareBinding(BindingBuilder.bind(full).to(toFullQueue).with("#"));
    }

    @AfterAll
    void deleteExchangesAndQueues() {
        if (this.queue != null) {
            this.queue.admin().deleteQueue(this.fullQueue);
            this.queue.admin().deleteExchange(this.exchangeToFullQueue);
            this.queue.admin().deleteExchange(this.exchangeWithoutBindings);
            this.queue.close();
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
            this.queue.awaitReceived(List.of(ordered.id(), unordered.id()));

            Message message = this.queue.first(ordered.id());
            assertThat(new String(message.getBody(), StandardCharsets.UTF_8)).isEqualTo("{\"orderId\":1}");
            assertThat(message.getMessageProperties().getMessageId()).isEqualTo("outbox-" + ordered.id());
            assertThat(message.getMessageProperties().getType()).isEqualTo("order.created");
            assertThat(message.getMessageProperties().getContentType()).isEqualTo("application/json");
            assertThat(message.getMessageProperties().getReceivedRoutingKey()).isEqualTo("customer-7");
            assertThat(message.getMessageProperties().<Object>getHeaders()).containsEntry("outbox-id",
                    Long.toString(ordered.id())).containsEntry("outbox-type", "order.created")
                    .containsEntry("outbox-key", "order-1").containsEntry("traceparent", "00-abc-01");
            assertThat(this.queue.first(unordered.id()).getMessageProperties().getReceivedRoutingKey())
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
                    this.queue.awaitReceived(List.of(saved.id()));

                    assertThat(this.queue.first(saved.id()).getMessageProperties().getReceivedRoutingKey())
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
    void whileTheBrokerRefusesConnectionsMessagesWaitWithoutSpendingAttemptsAndAreAllDeliveredOnceItIsBack()
            throws IOException {
        runner(closedPort()).withPropertyValues("outbox.dispatcher.outage-probe-interval=200ms").run(context -> {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                String key = "refused-" + i;
                ids.add(OutboxContexts.save(context, outbox -> outbox.message("order.created").key(key)
                        .topic(this.exchange).payload("{}").save()).id());
            }
            assertThat(OutboxContexts.awaitPausedAndProbed(context).reason())
                    .startsWith("org.springframework.amqp.AmqpConnectException");
            OutboxContexts.assertWaitingWithoutAttempts(context, ids);

            CachingConnectionFactory connectionFactory = context.getBean(CachingConnectionFactory.class);
            // Spring Boot configures the connection factory with addresses, which take precedence over host and port.
            connectionFactory.setAddresses(this.broker.host() + ":" + this.broker.port());
            connectionFactory.resetConnection();

            ids.forEach(id -> OutboxContexts.awaitSent(context, id));
            this.queue.awaitReceived(ids);
        });
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
