/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.outbox.MessageState;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.Outcome;
import dev.outbox.spi.MessageHandler;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.testing.CuttableLink;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The outage procedure with the switch, on two instances of a service over one MariaDB and a real RabbitMQ behind
 * a relay the test cuts ({@link CuttableLink}): during the outage an operator switches the type to its fallback
 * handler on one instance, both instances hand its messages to the fallback, the broker returns, the operator
 * switches back on the other instance, and later messages go to the broker. Every message is handled once, by
 * the fallback or the broker, and none is lost.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RabbitSwitchTests {

    private static final String TYPE = "order.created";

    /** Several poll intervals of the instances: long enough for each to read the switch table again. */
    private static final Duration SWITCH_FOLLOWED = Duration.ofSeconds(1);

    private RabbitTestBroker broker;

    private TestDatabase database;

    private CuttableLink link;

    private RabbitTestQueue queue;

    @BeforeAll
    void declareQueueAndLink() {
        this.broker = RabbitTestBroker.require();
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "rabbit_switch");
        this.link = this.broker.cuttableLink();
        this.queue = new RabbitTestQueue(this.broker, "outbox-switch");
    }

    @AfterAll
    void deleteQueueAndLink() {
        if (this.queue != null) {
            this.queue.close();
        }
        if (this.link != null) {
            this.link.close();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner instance() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(RabbitAutoConfiguration.class,
                        OutboxRabbitAutoConfiguration.class, OutboxAdminAutoConfiguration.class))
                .withBean("fallbackLog", FallbackLog.class, FallbackLog::new)
                .withPropertyValues(this.broker.springPropertiesThrough(this.link))
                // Only the switch hands the type to its fallback: not a number of failed sends.
                .withPropertyValues("outbox.routes[" + TYPE + "].fallback-handler=fallbackLog",
                        "outbox.routes[" + TYPE + "].fallback-after=1000",
                        "outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms",
                        "outbox.dispatcher.send-timeout=3s", "outbox.dispatcher.outage-probe-interval=300ms",
                        "outbox.retry.initial-delay=1s", "outbox.retry.max-delay=2s");
    }

    @Test
    void twoInstancesFollowASwitchToTheFallbackDuringAnOutageAndBackAfterItHandlingEveryMessageOnce() {
        instance().run(first -> instance().run(second -> {
            List<Long> toBroker = new ArrayList<>(save(first, "before", 3));
            toBroker.forEach(id -> OutboxContexts.awaitSent(first, id));

            List<Long> toFallback = new ArrayList<>();
            this.link.cut();
            try {
                toFallback.addAll(save(first, "outage", 5));
                assertThat(first.getBean(OutboxAdmin.class).switchToFallback(TYPE).outcome()).isEqualTo(Outcome.DONE);
                toFallback.addAll(save(second, "switched-first", 5));
                toFallback.addAll(save(first, "switched-second", 5));
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(toFallback).allSatisfy(id ->
                        assertThat(OutboxContexts.stored(first, id).state()).as("message %s", id)
                                .isEqualTo(MessageState.CONSUMED)));
            }
            finally {
                this.link.restore();
            }

            assertThat(second.getBean(OutboxAdmin.class).switchBack(TYPE).outcome()).isEqualTo(Outcome.DONE);
            // Each instance follows within one poll interval (100 ms): a message saved sooner may still go to a
            // fallback, as documented; these are saved after both instances have read the switch table again.
            Thread.sleep(SWITCH_FOLLOWED.toMillis());
            List<Long> afterSwitchBack = save(second, "after", 3);
            afterSwitchBack.forEach(id -> OutboxContexts.awaitSent(first, id));
            toBroker.addAll(afterSwitchBack);

            this.queue.awaitReceived(toBroker);
            this.queue.drain();
            assertThat(this.queue.copies()).containsOnlyKeys(toBroker).allSatisfy((id, copies) -> assertThat(copies)
                    .as("broker copies of message %s", id).isOne());
            List<Long> handled = new ArrayList<>(first.getBean(FallbackLog.class).handled);
            handled.addAll(second.getBean(FallbackLog.class).handled);
            assertThat(handled).as("handled by a fallback, once each").containsExactlyInAnyOrderElementsOf(toFallback);
        }));
    }

    private List<Long> save(ApplicationContext context, String keyPrefix, int count) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String key = keyPrefix + "-" + i;
            ids.add(OutboxContexts.save(context, outbox -> outbox.message(TYPE).key(key).topic(this.queue.exchange())
                    .payload("{}").save()).id());
        }
        return ids;
    }

    /** The fallback handler of one instance: records the ids it handled. */
    static final class FallbackLog implements MessageHandler {

        private final List<Long> handled = new CopyOnWriteArrayList<>();

        @Override
        public void handle(OutgoingMessage message) {
            this.handled.add(message.id());
        }
    }
}
