/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import dev.outbox.internal.jdbc.ClaimScope;
import dev.outbox.spi.MessageHandler;
import dev.outbox.spi.MessageSender;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class MessageRoutesTest {

    private final MessageSender kafka = message -> CompletableFuture.completedFuture("kafka");

    private final MessageSender rabbit = message -> CompletableFuture.completedFuture("rabbit");

    private final MessageSender fallback = message -> CompletableFuture.completedFuture("fallback");

    private final MessageHandler handler = message -> {
    };

    @Test
    void aTypeWithARouteGoesToItsSender() {
        MessageRoutes routes = MessageRoutes.builder().route("order.created", this.kafka)
                .route("mail.requested", this.rabbit).defaultSender(this.fallback).build();

        assertThat(routes.senderFor("order.created")).containsSame(this.kafka);
        assertThat(routes.senderFor("mail.requested")).containsSame(this.rabbit);
    }

    @Test
    void aPausedRoutesTypesAreLeftOutOfTheClaimsButThoseWithAFallback() {
        MessageHandler handler = message -> { };
        MessageRoutes routes = MessageRoutes.builder().route("order.created", this.kafka)
                .route("order.paid", this.kafka).fallback("order.paid", "orders-db", handler, 3)
                .route("mail.requested", this.rabbit).handle("audit.logged", "audit", handler)
                .defaultSender(this.fallback).build();
        ClaimScope base = ClaimScope.allExcept(List.of("jobs"));
        RouteScopes scopes = new RouteScopes(routes);

        assertThat(scopes.claimableWithout(base, Set.of())).contains(base);
        assertThat(scopes.claimableWithout(base, Set.of(this.kafka, this.rabbit)))
                .contains(base.withoutTypes(List.of("mail.requested", "order.created")));
        assertThat(scopes.pausableTypes(base, this.kafka)).isEqualTo(base.onlyTypes(List.of("order.created")));
        assertThat(scopes.routeName(this.kafka)).isEqualTo("order.created");

        // The default sender's types are all but those routed elsewhere.
        assertThat(scopes.claimableWithout(base, Set.of(this.fallback, this.kafka)))
                .contains(base.onlyTypes(List.of("audit.logged", "mail.requested", "order.paid")));
        assertThat(scopes.pausableTypes(base, this.fallback))
                .isEqualTo(base.withoutTypes(List.of("audit.logged", "mail.requested", "order.created", "order.paid")));
        assertThat(scopes.routeName(this.fallback)).isEqualTo("default");
        assertThat(new RouteScopes(MessageRoutes.to(this.kafka)).claimableWithout(base, Set.of(this.kafka)))
                .as("nothing to claim but probes").isEmpty();
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

    @Test
    void aTypeRoutedToALocalHandlerHasNoSenderAndRecordsTheHandlersName() {
        MessageRoutes routes = MessageRoutes.builder().defaultSender(this.kafka)
                .handle("invoice.requested", "invoicing", this.handler).build();

        assertThat(routes.senderFor("invoice.requested")).isEmpty();
        assertThat(routes.handlers().routeFor("invoice.requested", 0, false)).hasValueSatisfying(route -> {
            assertThat(route.deliveredBy()).isEqualTo("local:invoicing");
            assertThat(route.handler()).isSameAs(this.handler);
        });
        assertThat(routes.handlers().routeFor("order.created", 0, false)).isEmpty();
    }

    @Test
    void theFallbackTakesOverOnceTheBrokerFailedAMessageOftenEnough() {
        MessageRoutes routes = MessageRoutes.builder().route("order.created", this.kafka)
                .fallback("order.created", "audit-log", this.handler, 3).build();

        assertThat(routes.handlers().routeFor("order.created", 2, false)).isEmpty();
        assertThat(routes.handlers().routeFor("order.created", 3, false)).hasValueSatisfying(
                route -> assertThat(route.deliveredBy()).isEqualTo("fallback:audit-log"));
        assertThat(routes.senderFor("order.created")).containsSame(this.kafka);
    }

    @Test
    void aTypeSwitchedToItsFallbackGoesToItWithoutFailedSends() {
        MessageRoutes routes = MessageRoutes.builder().route("order.created", this.kafka)
                .fallback("order.created", "audit-log", this.handler, 3).build();

        assertThat(routes.handlers().routeFor("order.created", 0, true)).hasValueSatisfying(
                route -> assertThat(route.deliveredBy()).isEqualTo("fallback:audit-log"));
        assertThat(routes.handlers().routeFor("invoice.created", 0, true)).as("no fallback to switch to").isEmpty();
    }

    @Test
    void aTypeGoesEitherToABrokerOrToALocalHandler() {
        assertThatIllegalArgumentException().isThrownBy(() -> MessageRoutes.builder()
                .route("order.created", this.kafka).handle("order.created", "audit", this.handler))
                .withMessage("message type 'order.created' cannot go to local handler 'audit': it is routed to a "
                        + "broker already");
        assertThatIllegalArgumentException().isThrownBy(() -> MessageRoutes.builder()
                .handle("order.created", "audit", this.handler).route("order.created", this.kafka))
                .withMessage("message type 'order.created' cannot be routed to a sender: it goes to local handler "
                        + "'audit' already");
        assertThatIllegalArgumentException().isThrownBy(() -> MessageRoutes.builder()
                .handle("order.created", "audit", this.handler).fallback("order.created", "log", this.handler, 1))
                .withMessageContaining("cannot be routed to fallback handler 'log'");
    }

    @Test
    void fallbacksAndHandlersAreValidated() {
        assertThatIllegalArgumentException().isThrownBy(() -> MessageRoutes.builder()
                .fallback("order.created", "audit", this.handler, 0))
                .withMessage("the fallback of message type 'order.created' must take over after at least 1 failed "
                        + "send, was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> MessageRoutes.builder()
                .handle("order.created", " ", this.handler))
                .withMessage("a local handler needs a name, recorded on the rows it handles");
        assertThatIllegalArgumentException().isThrownBy(() -> MessageRoutes.builder()
                .handle("order.created", "x".repeat(201), this.handler))
                .withMessageEndingWith("is longer than 200 characters");
        assertThatIllegalArgumentException().isThrownBy(() -> MessageRoutes.builder().pullTopic(" "))
                .withMessage("a pulled topic must not be blank");
    }

    @Test
    void pulledTopicsAreKept() {
        assertThat(MessageRoutes.builder().pullTopic("jobs").pullTopic("reports").build().pulledTopics())
                .containsExactlyInAnyOrder("jobs", "reports");
    }
}
