/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.MessageRoutes;
import dev.outbox.message.SaveResult;
import dev.outbox.spi.MessageSender;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class MessageRoutesFactoryTests {

    private final RecordingMessageSender kafka = new RecordingMessageSender();

    private final RecordingMessageSender rabbit = new RecordingMessageSender();

    private final ApplicationContextRunner twoSenders = OutboxContexts.h2()
            .withBean("kafkaSender", MessageSender.class, () -> this.kafka)
            .withBean("rabbitSender", MessageSender.class, () -> this.rabbit);

    @Test
    void routesEachTypeToItsSenderAndTheRestToTheDefault() {
        this.twoSenders.withPropertyValues("outbox.routes[order.created].sender=kafkaSender",
                "outbox.routes.payment.sender=rabbitSender", "outbox.default-sender=kafkaSender").run(context -> {
                    MessageRoutes routes = context.getBean(MessageRoutes.class);
                    assertThat(routes.senderFor("order.created")).containsSame(this.kafka);
                    assertThat(routes.senderFor("payment")).containsSame(this.rabbit);
                    assertThat(routes.senderFor("anything.else")).containsSame(this.kafka);

                    SaveResult order = OutboxContexts.save(context, "order.created", "o-1", "order");
                    SaveResult payment = OutboxContexts.save(context, "payment", "p-1", "payment");
                    OutboxContexts.awaitSent(context, order.id());
                    OutboxContexts.awaitSent(context, payment.id());
                    assertThat(this.kafka.received()).extracting(message -> message.id()).containsExactly(order.id());
                    assertThat(this.rabbit.received()).extracting(message -> message.id())
                            .containsExactly(payment.id());
                });
    }

    @Test
    void theOnlySenderBeanIsTheDefault() {
        OutboxContexts.h2().withBean("kafkaSender", MessageSender.class, () -> this.kafka)
                .run(context -> assertThat(context.getBean(MessageRoutes.class).senderFor("any"))
                        .containsSame(this.kafka));
    }

    @Test
    void severalSendersWithoutADefaultRouteOnlyTheConfiguredTypes() {
        this.twoSenders.withPropertyValues("outbox.routes.payment.sender=rabbitSender").run(context -> {
            MessageRoutes routes = context.getBean(MessageRoutes.class);
            assertThat(routes.senderFor("payment")).containsSame(this.rabbit);
            assertThat(routes.senderFor("order.created")).isEmpty();
        });
    }

    @Test
    void aRouteToAMissingSenderFailsNamingThePropertyAndTheSenders() {
        this.twoSenders.withPropertyValues("outbox.routes[order.created].sender=kafkaTemplate")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure()))
                        .isEqualTo("outbox.routes[order.created].sender names 'kafkaTemplate', which is not a "
                                + "MessageSender bean; the MessageSender beans are [kafkaSender, rabbitSender]"));
    }

    @Test
    void aMissingDefaultSenderFailsNamingThePropertyAndTheSenders() {
        this.twoSenders.withPropertyValues("outbox.default-sender=logSender")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure()))
                        .startsWith("outbox.default-sender names 'logSender', which is not a MessageSender bean")
                        .endsWith("[kafkaSender, rabbitSender]"));
    }

    @Test
    void aRouteWithoutASenderFailsNamingTheProperty() {
        this.twoSenders.withPropertyValues("outbox.routes.payment.sender=")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure()))
                        .startsWith("outbox.routes.payment.sender is required"));
    }

    @Test
    void aRoutesTopicIsTheDestinationOfItsType() {
        this.twoSenders.withPropertyValues("outbox.routes.payment.sender=rabbitSender",
                "outbox.routes.payment.topic=payments", "outbox.routes[order.created].topic=orders",
                "outbox.default-sender=kafkaSender").run(context -> {
                    SaveResult payment = OutboxContexts.save(context, "payment", "p-1", "payment");
                    SaveResult order = OutboxContexts.save(context, "order.created", "o-1", "order");
                    SaveResult other = OutboxContexts.save(context, "other", "x-1", "other");
                    OutboxContexts.awaitSent(context, payment.id());
                    OutboxContexts.awaitSent(context, order.id());
                    OutboxContexts.awaitSent(context, other.id());

                    assertThat(this.rabbit.received()).singleElement()
                            .satisfies(message -> assertThat(message.topic()).isEqualTo("payments"));
                    // A route with a topic and no sender goes through the default sender.
                    assertThat(this.kafka.received()).extracting(message -> message.topic())
                            .containsExactlyInAnyOrder("orders", OutboxContexts.TOPIC);
                    assertThat(OutboxContexts.stored(context, payment.id()).topic()).isEqualTo(OutboxContexts.TOPIC);
                });
    }

    @Test
    void anEmptyRouteTopicFailsNamingTheProperty() {
        this.twoSenders.withPropertyValues("outbox.routes.payment.sender=rabbitSender", "outbox.routes.payment.topic= ")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure()))
                        .startsWith("outbox.routes.payment.topic is empty"));
    }

    @Test
    void anEmptyRouteRoutingKeyFailsNamingTheProperty() {
        this.twoSenders.withPropertyValues("outbox.routes.payment.sender=rabbitSender",
                "outbox.routes.payment.routing-key= ")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure()))
                        .startsWith("outbox.routes.payment.routing-key is empty"));
    }

    @Test
    void writeOnlyInstancesDoNotResolveTheRoutes() {
        OutboxContexts.h2().withPropertyValues("outbox.dispatcher.enabled=false",
                "outbox.routes.payment.sender=rabbitSender")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(MessageRoutes.class));
    }
}
