/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.outbox.spi.SendFailure;
import dev.outbox.testing.RabbitServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.amqp.core.Message;
import org.springframework.context.ConfigurableApplicationContext;

import static dev.outbox.sender.stream.StreamApplications.confirmed;
import static dev.outbox.sender.stream.StreamApplications.failure;
import static dev.outbox.sender.stream.StreamApplications.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Spring Cloud Stream sender with the RabbitMQ binder, on the machine's RabbitMQ: SENT on the broker's publisher
 * confirm, a return or a nack as a failure, and a binding without confirms refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StreamRabbitBinderTests {

    private final String prefix = "outbox-stream-rabbit-" + UUID.randomUUID().toString().substring(0, 8);

    private RabbitDestinations destinations;

    private ConfigurableApplicationContext application;

    private StreamBridgeMessageSender sender;

    @BeforeAll
    void start() {
        RabbitServer server = RabbitServer.require();
        this.destinations = new RabbitDestinations(server);
        this.application = StreamApplications.start(Object.class, this.destinations.applicationProperties(server.host(),
                server.port()), "spring.cloud.stream.rabbit.bindings." + this.prefix
                        + "-unconfirmed.producer.use-confirm-header=false",
                "spring.cloud.stream.rabbit.bindings." + this.prefix + "-undeclared.producer.declare-exchange=false");
        this.sender = StreamApplications.sender(this.application).build();
    }

    @AfterAll
    void stop() {
        if (this.application != null) {
            this.application.close();
        }
        if (this.destinations != null) {
            this.destinations.close();
        }
    }

    @Test
    void aConfirmedMessageIsSentWithTheOutboxHeadersAndRecordsItsAmqpMessageId() throws Exception {
        String destination = this.destinations.bound(this.prefix + "-orders");

        String id = confirmed(this.sender.send(message(41, destination, "order-41", "customer-7")));

        assertThat(id).isEqualTo("outbox-41");
        Message received = this.destinations.receive(destination);
        assertThat(received).isNotNull();
        assertThat(new String(received.getBody(), StandardCharsets.UTF_8)).isEqualTo("{\"orderId\":41}");
        assertThat(received.getMessageProperties().getMessageId()).isEqualTo("outbox-41");
        assertThat(received.getMessageProperties().getHeaders()).containsEntry("outbox-id", "41")
                .containsEntry("outbox-type", "order.created").containsEntry("outbox-key", "order-41")
                .containsEntry("outbox-ordering-key", "customer-7").containsEntry("traceparent", "00-abc-01")
                .doesNotContainKey("amqp_publishConfirmCorrelation");
        assertThat(received.getMessageProperties().getContentType()).isEqualTo("application/json");
        assertThat(this.sender.keepsOrderOfPipelinedSends()).isFalse();
    }

    @Test
    void aMessageNoQueueIsBoundForIsReturnedAndFailsAsItsOwn() throws Exception {
        String destination = this.destinations.unbound(this.prefix + "-unrouted");

        Throwable failure = failure(this.sender.send(message(42, destination, "order-42", null)));

        assertThat(failure).isInstanceOf(StreamDeliveryException.class)
                .hasMessage("returned by the broker: NO_ROUTE, exchange '" + destination + "', routing key '"
                        + destination + "'");
        assertThat(this.sender.classify(failure)).isEqualTo(SendFailure.MESSAGE);
    }

    @Test
    void aMessageToAnExchangeThatDoesNotExistIsNackedAndRejectedForGood() throws Exception {
        String destination = this.destinations.unbound(this.prefix + "-undeclared");

        // The broker closes the channel for the missing exchange; a publish that meets the channel while it closes
        // is nacked "Channel closed by application", which does not say why (the message's own failure), so the
        // sends go on until one is answered with the reason, as the dispatcher's retries would.
        List<Throwable> failures = new ArrayList<>();
        await().atMost(StreamApplications.PATIENCE).until(() -> {
            failures.add(failure(this.sender.send(message(44, destination, "order-44", null))));
            return failures.get(failures.size() - 1).getMessage().contains("reply-code=404");
        });

        Throwable failure = failures.get(failures.size() - 1);
        assertThat(failure).isInstanceOf(StreamDeliveryException.class).hasMessageStartingWith(
                "nacked by the broker: channel error").hasMessageContaining("no exchange '" + destination + "'");
        assertThat(this.sender.classify(failure)).isEqualTo(SendFailure.REJECTED);
        assertThat(failures).allSatisfy(each -> assertThat(this.sender.classify(each)).isNotEqualTo(
                SendFailure.UNREACHABLE));
    }

    @Test
    void aBindingWithoutTheConfirmHeaderIsRefusedWithTheSettingToChangeAndSendsNothing() throws Exception {
        String destination = this.destinations.bound(this.prefix + "-unconfirmed");

        Throwable failure = failure(this.sender.send(message(43, destination, "order-43", null)));

        assertThat(failure).isInstanceOf(StreamDeliveryException.class).hasMessage("The RabbitMQ binding '"
                + destination + "' does not report the broker's publisher confirms and returns, so no message sent "
                + "through it could count as sent: set spring.cloud.stream.rabbit.bindings." + destination
                + ".producer.use-confirm-header=true (or spring.cloud.stream.rabbit.default.producer.use-confirm-header=true)");
        assertThat(this.sender.classify(failure)).isEqualTo(SendFailure.MESSAGE);
        assertThat(this.destinations.receive(destination)).isNull();
    }
}
