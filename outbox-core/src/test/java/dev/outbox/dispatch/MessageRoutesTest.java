package dev.outbox.dispatch;

import java.util.concurrent.CompletableFuture;

import dev.outbox.spi.MessageSender;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MessageRoutesTest {

    private final MessageSender kafka = message -> CompletableFuture.completedFuture("kafka");

    private final MessageSender rabbit = message -> CompletableFuture.completedFuture("rabbit");

    private final MessageSender fallback = message -> CompletableFuture.completedFuture("fallback");

    @Test
    void aTypeWithARouteGoesToItsSender() {
        MessageRoutes routes = MessageRoutes.builder().route("order.created", this.kafka)
                .route("mail.requested", this.rabbit).defaultSender(this.fallback).build();

        assertThat(routes.senderFor("order.created")).containsSame(this.kafka);
        assertThat(routes.senderFor("mail.requested")).containsSame(this.rabbit);
    }

    @Test
    void aTypeWithoutARouteGoesToTheDefaultSender() {
        MessageRoutes routes = MessageRoutes.builder().route("order.created", this.kafka)
                .defaultSender(this.fallback).build();

        assertThat(routes.senderFor("invoice.issued")).containsSame(this.fallback);
        assertThat(routes.senderFor("ORDER.CREATED")).as("types are case-sensitive").containsSame(this.fallback);
    }

    @Test
    void aTypeWithoutARouteOrDefaultHasNoSender() {
        MessageRoutes routes = MessageRoutes.builder().route("order.created", this.kafka).build();

        assertThat(routes.senderFor("invoice.issued")).isEmpty();
        assertThat(MessageRoutes.builder().build().senderFor("order.created")).isEmpty();
    }

    @Test
    void toRoutesEveryTypeToOneSender() {
        MessageRoutes routes = MessageRoutes.to(this.kafka);

        assertThat(routes.senderFor("order.created")).containsSame(this.kafka);
        assertThat(routes.senderFor("anything.else")).containsSame(this.kafka);
    }

    @Test
    void theLastRouteForATypeWins() {
        MessageRoutes routes = MessageRoutes.builder().route("order.created", this.kafka)
                .route("order.created", this.rabbit).build();

        assertThat(routes.senderFor("order.created")).containsSame(this.rabbit);
    }

    @Test
    void routesDoNotChangeWhenTheBuilderIsUsedAgain() {
        MessageRoutes.Builder builder = MessageRoutes.builder().route("order.created", this.kafka);
        MessageRoutes routes = builder.build();

        builder.route("invoice.issued", this.rabbit).defaultSender(this.fallback);

        assertThat(routes.senderFor("invoice.issued")).isEmpty();
    }
}
