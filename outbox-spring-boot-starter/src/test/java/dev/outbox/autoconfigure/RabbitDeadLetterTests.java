/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.outbox.Dispatcher;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.Outcome;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.sender.rabbit.RabbitDeliveryException;
import dev.outbox.sender.rabbit.autoconfigure.OutboxRabbitAutoConfiguration;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Poison messages on a real RabbitMQ, from a MariaDB outbox through the real dispatcher: a message to an exchange
 * that does not exist, or one returned unroutable when its route names that failure non-retryable, is FAILED and
 * lands in its type's dead-letter exchange, with the routing key it had and the headers that say why, while the
 * other messages are sent; re-driven once its exchange exists, it is sent normally.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RabbitDeadLetterTests {

    private static final Duration PATIENCE = Duration.ofSeconds(15);

    private RabbitTestBroker broker;

    private TestDatabase database;

    /** Where the messages that are sent go. */
    private RabbitTestQueue orders;

    /** The dead-letter exchange and its queue. */
    private RabbitTestQueue deadLetters;

    private String exchangeWithoutBindings;

    @BeforeAll
    void declareExchangesAndQueues() {
        this.broker = RabbitTestBroker.require();
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "rabbit_dead_letters");
        this.orders = new RabbitTestQueue(this.broker, "outbox-dl-orders");
        this.deadLetters = new RabbitTestQueue(this.broker, "outbox-dl-dead");
        this.exchangeWithoutBindings = this.orders.name("unbound");
        this.orders.admin().declareExchange(new TopicExchange(this.exchangeWithoutBindings, false, false));
    }

    @BeforeEach
    void emptyQueues() {
        this.orders.purge();
        this.deadLetters.purge();
    }

    @AfterAll
    void deleteExchangesAndQueues() {
        if (this.orders != null) {
            this.orders.admin().deleteExchange(this.exchangeWithoutBindings);
            this.orders.close();
        }
        if (this.deadLetters != null) {
            this.deadLetters.close();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(RabbitAutoConfiguration.class,
                        OutboxRabbitAutoConfiguration.class))
                .withPropertyValues(this.broker.springProperties(this.broker.port()))
                .withPropertyValues("outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms",
                        "outbox.retry.initial-delay=100ms", "outbox.retry.max-delay=300ms",
                        "outbox.routes[order.created].dead-letter-topic=" + this.deadLetters.exchange(),
                        "outbox.routes[mail.requested].dead-letter-topic=" + this.deadLetters.exchange());
    }

    @Test
    void aMessageToAMissingExchangeIsDeadLetteredAndOnceTheExchangeExistsAReDriveSendsIt() {
        String missingExchange = this.orders.name("missing");
        runner().run(context -> {
            long lost = save(context, "order.created", "lost-1", missingExchange);
            List<Long> others = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                others.add(save(context, "order.created", "order-" + i, this.orders.exchange()));
                others.add(save(context, "payment.taken", "payment-" + i, this.orders.exchange()));
            }

            // Spring AMQP's thread that returns the closed channel to the cache throws "PublisherCallbackChannel
            // is closed"; it is not the outbox's, so this wait does not fail on it.
            await().atMost(PATIENCE).dontCatchUncaughtExceptions().untilAsserted(() -> {
                assertThat(OutboxContexts.stored(context, lost).state()).isEqualTo(MessageState.FAILED);
                assertThat(others).allSatisfy(id -> assertThat(OutboxContexts.stored(context, id).state())
                        .isEqualTo(MessageState.SENT));
            });
            StoredMessage failed = OutboxContexts.stored(context, lost);
            // The first answer that names the missing exchange is the last attempt; one before it may be nacked
            // "Channel closed by application" while the channel closes, which does not say why (RabbitOutageTests).
            assertThat(failed.retryCount()).isLessThan(5);
            assertThat(failed.failReason()).contains("reply-code=404", "no exchange '" + missingExchange + "'");
            assertThat(failed.brokerMessageId()).isEqualTo("dead-letter:outbox-" + lost);
            this.orders.awaitReceived(others);

            this.deadLetters.awaitReceived(List.of(lost));
            Message deadLetter = this.deadLetters.first(lost);
            assertThat(new String(deadLetter.getBody(), StandardCharsets.UTF_8)).isEqualTo("{\"key\":\"lost-1\"}");
            assertThat(deadLetter.getMessageProperties().getReceivedRoutingKey()).isEqualTo("lost-1");
            Map<String, Object> headers = deadLetter.getMessageProperties().getHeaders();
            assertThat(headers).containsEntry(OutboxHeaders.TYPE, "order.created")
                    .containsEntry(OutboxHeaders.KEY, "lost-1")
                    .containsEntry(OutboxHeaders.ORIGINAL_TOPIC, missingExchange)
                    .containsEntry(OutboxHeaders.ATTEMPTS, Integer.toString(failed.retryCount()));
            assertThat(String.valueOf(headers.get(OutboxHeaders.DEAD_LETTER_REASON))).contains("reply-code=404");

            declareBoundToOrders(missingExchange);
            try {
                OutboxAdmin admin = OutboxAdmin.builder(context.getBean(OutboxStore.class))
                        .onRedriven(context.getBean(Dispatcher.class)::wake).build();
                assertThat(admin.retry(lost).outcome()).isEqualTo(Outcome.DONE);
                OutboxContexts.awaitSent(context, lost);
                assertThat(OutboxContexts.stored(context, lost).brokerMessageId()).isEqualTo("outbox-" + lost);
                this.orders.awaitReceived(List.of(lost));
            }
            finally {
                this.orders.admin().deleteExchange(missingExchange);
            }
        });
    }

    @Test
    void anUnroutableMessageWhoseTypeNamesItNonRetryableIsFailedInOneAttemptAndDeadLettered() {
        runner().withPropertyValues("outbox.routes[mail.requested].non-retryable="
                + RabbitDeliveryException.class.getName()).run(context -> {
                    long unroutable = save(context, "mail.requested", "mail-1", this.exchangeWithoutBindings);
                    long routable = save(context, "mail.requested", "mail-2", this.orders.exchange());
                    long order = save(context, "order.created", "order-9", this.orders.exchange());

                    await().atMost(PATIENCE).untilAsserted(() -> assertThat(
                            OutboxContexts.stored(context, unroutable).state()).isEqualTo(MessageState.FAILED));
                    StoredMessage failed = OutboxContexts.stored(context, unroutable);
                    assertThat(failed.retryCount()).isOne();
                    assertThat(failed.failReason()).contains("returned by the broker: NO_ROUTE");
                    assertThat(failed.brokerMessageId()).isEqualTo("dead-letter:outbox-" + unroutable);
                    OutboxContexts.awaitSent(context, routable);
                    OutboxContexts.awaitSent(context, order);
                    this.orders.awaitReceived(List.of(routable, order));

                    this.deadLetters.awaitReceived(List.of(unroutable));
                    Map<String, Object> headers = this.deadLetters.first(unroutable).getMessageProperties()
                            .getHeaders();
                    assertThat(headers).containsEntry(OutboxHeaders.ORIGINAL_TOPIC, this.exchangeWithoutBindings)
                            .containsEntry(OutboxHeaders.ATTEMPTS, "1");
                    assertThat(String.valueOf(headers.get(OutboxHeaders.DEAD_LETTER_REASON)))
                            .contains("RabbitDeliveryException: returned by the broker: NO_ROUTE");
                });
    }

    private void declareBoundToOrders(String exchange) {
        TopicExchange declared = new TopicExchange(exchange, false, false);
        this.orders.admin().declareExchange(declared);
        this.orders.admin().declareBinding(BindingBuilder.bind(new Queue(this.orders.queue(), false, false, false))
                .to(declared).with("#"));
    }

    private static long save(ApplicationContext context, String type, String key, String exchange) {
        return OutboxContexts.save(context, outbox -> outbox.message(type).key(key).topic(exchange)
                .payload("{\"key\":\"" + key + "\"}").save()).id();
    }
}
