/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import dev.outbox.dispatch.Dispatcher;
import dev.outbox.dispatch.PausedRoute;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The broker lost mid-run: the RocketMQ broker in the test JVM shut down while the dispatcher sends from a MariaDB
 * outbox, and started again on its port with its store. The route pauses, no message spends an attempt, and every
 * message arrives once the broker is back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RocketMqOutageTests {

    private static final String TOPIC = "outbox-broker-lost";

    private RocketMqTestBroker rocketMq;

    private TestDatabase database;

    @BeforeAll
    void startBroker() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "rocketmq_outage");
        this.rocketMq = RocketMqTestBroker.get();
        this.rocketMq.createTopic(TOPIC, 2);
    }

    @AfterAll
    void closeDatabase() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @Test
    void whileTheBrokerIsDownTheRouteIsPausedNoAttemptIsSpentAndAfterItEveryMessageArrives() {
        RocketMqContexts.runner(this.database, this.rocketMq.nameServerAddress())
                .withPropertyValues("outbox.dispatcher.outage-probe-interval=300ms").run(context -> {
                    List<Long> ids = save(context, "before", 20);
                    OutboxContexts.awaitSent(context, ids.get(0));

                    // Under load: the rest of the first messages are still being sent when the broker goes.
                    CompletableFuture<Void> shutdown = CompletableFuture.runAsync(this.rocketMq::stopBroker);
                    try {
                        List<Long> whileDown = save(context, "during", 10);
                        PausedRoute paused = OutboxContexts.awaitPausedAndProbed(context);
                        // The client's "unknown reason", caused by the refused connection to the broker.
                        assertThat(paused.reason()).startsWith("org.apache.rocketmq.client.exception.MQClientException");
                        OutboxContexts.assertWaitingWithoutAttempts(context, whileDown);
                        ids.addAll(whileDown);
                    }
                    finally {
                        shutdown.join();
                        this.rocketMq.restartBroker(TOPIC);
                    }

                    ids.forEach(id -> OutboxContexts.awaitSent(context, id));
                    assertThat(context.getBean(Dispatcher.class).pausedRoutes()).isEmpty();
                    OutboxContexts.assertNoAttemptSpent(context, ids);
                    // At least once: every message is there; a send whose answer the shutdown lost may add a copy.
                    assertThat(this.rocketMq.consume(TOPIC, ids.size())).extracting(RocketMqContexts::outboxId)
                            .containsAll(ids);
                });
    }

    private static List<Long> save(ApplicationContext context, String keyPrefix, int count) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String key = keyPrefix + "-" + i;
            ids.add(OutboxContexts.save(context, outbox -> outbox.message("order.created").key(key).topic(TOPIC)
                    .payload("{}").save()).id());
        }
        return ids;
    }
}
