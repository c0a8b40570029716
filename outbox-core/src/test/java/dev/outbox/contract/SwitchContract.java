/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.Outcome;
import dev.outbox.admin.RouteSwitchResult;
import dev.outbox.consumer.pull.MessagePuller;
import dev.outbox.consumer.pull.ReceivedMessage;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.route.RouteSwitch;
import dev.outbox.route.RouteSwitchMode;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.RecordingSender;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/**
 * Switching a message type away from its broker at run time, and back: to its fallback handler, or to pull
 * consumers. The switch is in the database, so another instance and a restarted one follow it.
 */
abstract class SwitchContract extends DatabaseContract {

    private static final String ORDERS = "order.created";

    private static final String MAILS = "mail.requested";

    private static final String INVOICES = "invoice.requested";

    private static final String TOPIC = "orders";

    private static final Duration FAST_POLL = Duration.ofMillis(100);

    private RecordingSender broker;

    /** How often the fallback handled each message, by id. */
    private final Map<Long, Integer> fallbackHandled = new ConcurrentHashMap<>();

    private MessageRoutes routes;

    private OutboxAdmin admin;

    @BeforeEach
    void freshState() {
        this.fixture.jdbc.update("DELETE FROM " + OutboxFixture.TABLE + "_switch");
        this.fallbackHandled.clear();
        this.broker = new RecordingSender();
        this.routes = routes(this.broker);
        this.admin = OutboxAdmin.builder(this.fixture.store).routes(this.routes).build();
    }

    private MessageRoutes routes(MessageSender sender) {
        return MessageRoutes.builder().defaultSender(sender)
                .fallback(ORDERS, "order-log", message -> this.fallbackHandled.merge(message.id(), 1, Integer::sum), 3)
                .handle(INVOICES, "invoicing", message -> {
                })
                .build();
    }

    private long save(String type, String key) {
        return this.fixture.save(this.fixture.template().build().message(type).key(key).topic(TOPIC).payload("{}"),
                null);
    }

    private Dispatcher.Builder dispatcher(OutboxStore store, MessageRoutes routes) {
        return Dispatcher.builder(store, routes)
                .settings(DispatcherSettings.builder().pollInterval(FAST_POLL).maxPollInterval(FAST_POLL).build());
    }

    @Test
    void aTypeSwitchedToItsFallbackGoesToItAtOnceAndBackToTheBrokerWhenSwitchedBack() {
        RouteSwitchResult switched = this.admin.switchToFallback(ORDERS);
        assertThat(switched.outcome()).isEqualTo(Outcome.DONE);
        assertThat(switched.mode()).isEqualTo(RouteSwitchMode.FALLBACK);
        long first = save(ORDERS, "o-1");
        long mail = save(MAILS, "m-1");

        assertThat(this.fixture.dispatcher(this.routes).build().dispatchOnce()).isEqualTo(2);

        assertThat(this.fallbackHandled).containsOnlyKeys(first);
        StoredMessage handled = this.fixture.row(first);
        assertThat(handled.state()).isEqualTo(MessageState.CONSUMED);
        assertThat(handled.brokerMessageId()).isEqualTo("fallback:order-log");
        assertThat(handled.retryCount()).as("no failed send before the fallback").isZero();
        assertThat(this.broker.sent()).extracting(OutgoingMessage::id).containsExactly(mail);

        assertThat(this.admin.switchBack(ORDERS).outcome()).isEqualTo(Outcome.DONE);
        long second = save(ORDERS, "o-2");
        this.fixture.dispatcher(this.routes).build().dispatchOnce();

        assertThat(this.fixture.row(second).state()).isEqualTo(MessageState.SENT);
        assertThat(this.fallbackHandled).containsOnlyKeys(first);
    }

    @Test
    void aSwitchIsKeptInTheDatabaseForEveryInstanceAndAcrossRestarts() {
        this.admin.switchToPull(MAILS);
        this.admin.switchToFallback(ORDERS);
        DataSource otherInstance = this.fixture.database.newDataSource(2);

        List<RouteSwitch> seen = OutboxAdmin.builder(this.fixture.store(otherInstance)).build().switches();

        assertThat(seen).extracting(RouteSwitch::messageType, RouteSwitch::mode)
                .containsExactly(tuple(MAILS, RouteSwitchMode.PULL), tuple(ORDERS, RouteSwitchMode.FALLBACK));
        long order = save(ORDERS, "o-1");
        long mail = save(MAILS, "m-1");
        Dispatcher restarted = Dispatcher.builder(this.fixture.store(otherInstance), this.routes).build();
        restarted.dispatchOnce();
        assertThat(this.fixture.row(order).brokerMessageId()).isEqualTo("fallback:order-log");
        assertThat(this.fixture.row(mail).state()).isEqualTo(MessageState.PENDING);
    }

    @Test
    void switchesAreIdempotentAndASecondModeReplacesTheFirst() {
        assertThat(this.admin.switchToPull(ORDERS).outcome()).isEqualTo(Outcome.DONE);
        assertThat(this.admin.switchToPull(ORDERS).outcome()).isEqualTo(Outcome.ALREADY_DONE);
        assertThat(this.admin.switchToFallback(ORDERS).outcome()).isEqualTo(Outcome.DONE);
        assertThat(this.admin.switches()).extracting(RouteSwitch::mode).containsExactly(RouteSwitchMode.FALLBACK);
        assertThat(this.admin.switchBack(ORDERS).outcome()).isEqualTo(Outcome.DONE);
        RouteSwitchResult again = this.admin.switchBack(ORDERS);
        assertThat(again.outcome()).isEqualTo(Outcome.ALREADY_DONE);
        assertThat(again.message()).isEqualTo("message type 'order.created' is not switched; its messages go to "
                + "its broker");
        assertThat(this.admin.switches()).isEmpty();
    }

    @Test
    void aTypeThatCannotBeSwitchedSoIsRefusedAndNothingIsWritten() {
        RouteSwitchResult noFallback = this.admin.switchToFallback(MAILS);
        assertThat(noFallback.outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(noFallback.message()).isEqualTo("message type 'mail.requested' cannot be switched to FALLBACK: it "
                + "has no fallback handler (configure one for the type, or switch it to PULL); nothing was changed");
        RouteSwitchResult local = this.admin.switchToPull(INVOICES);
        assertThat(local.outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(local.message()).contains("it goes to no broker");
        RouteSwitchResult noRoutes = OutboxAdmin.builder(this.fixture.store).build().switchToPull(MAILS);
        assertThat(noRoutes.outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(noRoutes.message()).contains("this instance does not know the routes");
        assertThatIllegalArgumentException().isThrownBy(() -> this.admin.switchToFallback(" "))
                .withMessage("A message type must not be blank");
        assertThatIllegalArgumentException().isThrownBy(() -> this.admin.switchBack("x".repeat(65)))
                .withMessage("A message type has at most 64 characters, was 65");

        assertThat(this.admin.switches()).isEmpty();
    }

    @Test
    void aTypeSwitchedToPullIsLeftToPullConsumersOfItsTopicAndClaimedAgainOnceSwitchedBack() {
        this.admin.switchToPull(ORDERS);
        long order = save(ORDERS, "o-1");
        long mail = save(MAILS, "m-1");
        Dispatcher dispatcher = this.fixture.dispatcher(this.routes).build();

        assertThat(dispatcher.dispatchOnce()).isOne();
        assertThat(this.broker.sent()).extracting(OutgoingMessage::id).containsExactly(mail);
        MessagePuller puller = MessagePuller.builder(this.fixture.store).build();
        List<ReceivedMessage> received = puller.receive(TOPIC, 10);
        assertThat(received).extracting(ReceivedMessage::id).containsExactly(order);
        assertThat(puller.ack(received.get(0))).isTrue();
        assertThat(this.fixture.row(order).state()).isEqualTo(MessageState.CONSUMED);

        this.admin.switchBack(ORDERS);
        long later = save(ORDERS, "o-2");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MessagePuller.builder(this.fixture.store).build().receive(TOPIC, 10))
                .withMessageStartingWith("topic 'orders' is not pulled; the pulled topics are [] and no message "
                        + "type is switched to pull");
        this.fixture.dispatcher(this.routes).build().dispatchOnce();
        assertThat(this.fixture.row(later).state()).isEqualTo(MessageState.SENT);
    }

    @Test
    void aRunningDispatcherOfAnotherInstanceFollowsSwitchesWithinItsPollInterval() {
        DataSource otherInstance = this.fixture.database.newDataSource(4);
        Dispatcher running = dispatcher(this.fixture.store(otherInstance), this.routes).build();
        running.start();
        try {
            long before = save(ORDERS, "o-1");
            await().atMost(Duration.ofSeconds(10)).until(() -> this.fixture.row(before).state() == MessageState.SENT);

            this.admin.switchToFallback(ORDERS);
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                save(ORDERS, "o-" + System.nanoTime());
                return !this.fallbackHandled.isEmpty();
            });

            this.admin.switchToPull(ORDERS);
            MessagePuller puller = MessagePuller.builder(this.fixture.store).build();
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                save(ORDERS, "p-" + System.nanoTime());
                List<ReceivedMessage> received = puller.receive(TOPIC, 100);
                received.forEach(puller::ack);
                return !received.isEmpty();
            });

            this.admin.switchBack(ORDERS);
            long after = save(ORDERS, "after");
            await().atMost(Duration.ofSeconds(10)).until(() -> this.fixture.row(after).state() == MessageState.SENT);
            await().atMost(Duration.ofSeconds(10)).until(() -> this.fixture.count("state = 'PENDING'") == 0);
        }
        finally {
            running.stop();
        }
        assertThat(this.fallbackHandled.values()).containsOnly(1);
        assertThat(this.fixture.count("state = 'CONSUMED' AND message_id LIKE 'fallback:%'"))
                .isEqualTo(this.fallbackHandled.size());
        assertThat(this.fixture.count("state = 'SENT'")).isEqualTo(this.broker.sent().size());
    }

    @Test
    void aSendInFlightWhenTheTypeIsSwitchedIsWrittenOnceAndNotHandedToTheFallbackToo() {
        CompletableFuture<String> confirmation = new CompletableFuture<>();
        MessageSender slowBroker = new MessageSender() {
            @Override
            public CompletionStage<String> send(OutgoingMessage message) {
                return confirmation;
            }
        };
        MessageRoutes slowRoutes = routes(slowBroker);
        long order = save(ORDERS, "o-1");
        Dispatcher first = this.fixture.dispatcher(slowRoutes).build();
        CompletableFuture<Integer> inFlight = CompletableFuture.supplyAsync(first::dispatchOnce);
        await().atMost(Duration.ofSeconds(10)).until(() -> this.fixture.count("id = ? AND lock_version > 0", order) == 1);

        this.admin.switchToFallback(ORDERS);
        Dispatcher second = this.fixture.dispatcher(slowRoutes).build();
        assertThat(second.dispatchOnce()).as("the row is leased to the first instance").isZero();
        confirmation.complete("broker-1");
        assertThat(inFlight.join()).isOne();
        assertThat(second.dispatchOnce()).isZero();

        assertThat(this.fixture.row(order).state()).isEqualTo(MessageState.SENT);
        assertThat(this.fixture.row(order).brokerMessageId()).isEqualTo("broker-1");
        assertThat(this.fallbackHandled).isEmpty();
    }
}
