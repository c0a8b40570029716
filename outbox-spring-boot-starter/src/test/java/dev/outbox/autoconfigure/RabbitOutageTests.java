/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.outbox.Dispatcher;
import dev.outbox.PausedRoute;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.sender.rabbit.autoconfigure.OutboxRabbitAutoConfiguration;
import dev.outbox.testing.CuttableLink;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Outage or poison message, with a real RabbitMQ behind a relay that the test cuts ({@link CuttableLink}: every
 * connection closed and each new one dropped as soon as it is accepted), through the auto-configured sender and
 * dispatcher on MariaDB: a lost connection pauses the route, spends no attempt and loses nothing; a message to a
 * missing exchange is rejected for good, FAILED after one attempt, while the others flow and no route pauses.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RabbitOutageTests {

    private RabbitTestBroker broker;

    private TestDatabase database;

    private CuttableLink link;

    private RabbitTestQueue queue;

    @BeforeAll
    void declareQueueAndLink() {
        this.broker = RabbitTestBroker.require();
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "rabbit_outage");
        this.link = this.broker.cuttableLink();
        this.queue = new RabbitTestQueue(this.broker, "outbox-outage");
    }

    @BeforeEach
    void emptyQueue() {
        this.queue.purge();
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

    private ApplicationContextRunner runner() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(RabbitAutoConfiguration.class,
                        OutboxRabbitAutoConfiguration.class))
                .withPropertyValues(this.broker.springPropertiesThrough(this.link))
                .withPropertyValues("outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms",
                        "outbox.dispatcher.send-timeout=3s", "outbox.dispatcher.outage-probe-interval=300ms",
                        "outbox.retry.initial-delay=100ms", "outbox.retry.max-delay=300ms");
    }

    @Test
    void whileTheConnectionIsCutTheRouteIsPausedNoAttemptIsSpentAndAfterItEveryMessageArrivesOnce() {
        runner().run(context -> {
            List<Long> ids = save(context, "order.created", "before", 3);
            // Confirmed before the cut, so that no publish is in flight when the connection goes.
            ids.forEach(id -> OutboxContexts.awaitSent(context, id));

            this.link.cut();
            try {
                List<Long> duringCut = save(context, "order.created", "during", 10);
                PausedRoute paused = OutboxContexts.awaitPausedAndProbed(context);
                assertThat(paused.route()).isEqualTo("default");
                // The publish on the connection just lost: an AmqpIOException caused by its ShutdownSignalException.
                assertThat(paused.reason()).startsWith("org.springframework.amqp.AmqpIOException");
                OutboxContexts.assertWaitingWithoutAttempts(context, duringCut);
                ids.addAll(duringCut);
            }
            finally {
                this.link.restore();
            }

            ids.forEach(id -> OutboxContexts.awaitSent(context, id));
            assertThat(context.getBean(Dispatcher.class).pausedRoutes()).isEmpty();
            OutboxContexts.assertNoAttemptSpent(context, ids);
            this.queue.awaitReceived(ids);
            this.queue.drain();
            assertThat(this.queue.copies()).containsOnlyKeys(ids).allSatisfy((id, copies) -> assertThat(copies)
                    .as("copies of message %s", id).isOne());
        });
    }

    @Test
    void aMessageToAMissingExchangeIsFailedInOneAttemptWhileTheOthersFlowAndNoRouteIsPaused() {
        String missingExchange = this.queue.name("missing");
        runner().withPropertyValues("outbox.routes[order.lost].topic=" + missingExchange).run(context -> {
                    long lost = save(context, "order.lost", "lost", 1).get(0);
                    List<Long> others = save(context, "order.created", "other", 5);

                    // Spring AMQP's thread that returns the closed channel to the cache throws "PublisherCallbackChannel
                    // is closed"; it is not the outbox's, so this wait does not fail on it.
                    await().atMost(Duration.ofSeconds(15)).dontCatchUncaughtExceptions().untilAsserted(() -> {
                        assertThat(OutboxContexts.stored(context, lost).state()).isEqualTo(MessageState.FAILED);
                        assertThat(others).allSatisfy(id -> assertThat(OutboxContexts.stored(context, id).state())
                                .isEqualTo(MessageState.SENT));
                    });
                    StoredMessage failed = OutboxContexts.stored(context, lost);
                    // Of its 20 attempts, the first answer that names the missing exchange is the last. Attempts
                    // before it may be nacked "Channel closed by application" while the channel closes, which does
                    // not say why, so they count as the message's own.
                    assertThat(failed.retryCount()).isLessThan(RetryPolicy.defaults().maxAttempts() / 4);
                    assertThat(failed.failReason()).contains("RabbitDeliveryException: nacked by the broker: channel error")
                            .contains("reply-code=404", "no exchange '" + missingExchange + "'");
                    assertThat(context.getBean(Dispatcher.class).pausedRoutes()).isEmpty();
                    this.queue.awaitReceived(others);
                });
    }

    private List<Long> save(ApplicationContext context, String type, String keyPrefix, int count) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String key = keyPrefix + "-" + i;
            ids.add(OutboxContexts.save(context, outbox -> outbox.message(type).key(key).topic(this.queue.exchange())
                    .payload("{}").save()).id());
        }
        return ids;
    }
}
