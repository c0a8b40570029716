/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.util.List;

import dev.outbox.message.StoredMessage;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.testing.RabbitServer;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order flow on the {@code stream} profile: H2 and Spring Cloud Stream's RabbitMQ binder on the RabbitMQ of
 * {@link RabbitServer}; skipped, with the reason printed, when there is none. Orders and tracking steps go to
 * destinations (topic exchanges) of the run's own, so that a run never reads what an earlier one left; the test binds
 * an audit queue of its own to the exchange of orders, to read each message back while the shipping group's queue
 * feeds the consumer. The exchanges and queues are deleted when the context closes.
 */
@ActiveProfiles("stream")
@DirtiesContext
class StreamOrderFlowTest extends OrderFlowContract {

    private static final RunDestinations DESTINATIONS = RunDestinations.newRun();

    private static final String AUDIT_QUEUE = DESTINATIONS.orders() + ".audit";

    @Autowired
    private RabbitTemplate rabbit;

    @DynamicPropertySource
    static void useTestBrokerAndDestinations(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:stream-order-flow;DB_CLOSE_DELAY=-1");
        RabbitTestBroker.use(registry);
        DESTINATIONS.route(registry);
    }

    @Override
    protected String brokerMessageId(long messageId) {
        return "outbox-" + messageId;
    }

    @Override
    protected void delivered(StoredMessage message) {
        Message received = RabbitTestBroker.awaitDelivered(this.rabbit, AUDIT_QUEUE, message);
        assertThat(received.getMessageProperties().getHeaders())
                .containsEntry(OutboxHeaders.ID, Long.toString(message.id()))
                .containsEntry(OutboxHeaders.KEY, message.messageKey())
                .containsEntry(OutboxHeaders.ORDERING_KEY, message.orderingKey());
        // The shipping group's consumer ships the order; the same message published again ships nothing more.
        shipsOnceAcrossARedelivery(message, () -> this.rabbit.send(DESTINATIONS.orders(),
                received.getMessageProperties().getReceivedRoutingKey(), received));
    }

    /**
     * The audit queue, bound before the dispatcher starts; deletes the run's exchanges and queues when the context
     * closes, once the consumers stopped.
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class RunDestinationsOnTheBroker {

        @Bean
        BrokerCleanup deleteRunDestinations(AmqpAdmin admin) {
            TopicExchange orders = new TopicExchange(DESTINATIONS.orders());
            Queue audit = new Queue(AUDIT_QUEUE);
            admin.declareExchange(orders);
            admin.declareQueue(audit);
            admin.declareBinding(BindingBuilder.bind(audit).to(orders).with("#"));
            return new BrokerCleanup(() -> {
                List.of(AUDIT_QUEUE, groupQueue(DESTINATIONS.orders()), groupQueue(DESTINATIONS.tracking()))
                        .forEach(admin::deleteQueue);
                List.of(DESTINATIONS.orders(), DESTINATIONS.tracking()).forEach(admin::deleteExchange);
            });
        }

        /** The queue the RabbitMQ binder declares for the shipping group on a destination. */
        private static String groupQueue(String destination) {
            return destination + "." + ShippingService.CONSUMER_GROUP;
        }
    }
}
