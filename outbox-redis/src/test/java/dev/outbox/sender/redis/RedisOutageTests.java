/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.schema.OutboxSchema;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.CuttableLink;
import dev.outbox.testing.RedisServer;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A Redis server lost in the middle of a run, with the core and this module only: the route pauses, no message
 * spends an attempt, and every message is in its stream once the server is back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisOutageTests {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private TestDatabase database;

    private CuttableLink link;

    private RedisStreams throughTheLink;

    private RedisStreams direct;

    @BeforeAll
    void start() {
        RedisServer server = RedisServer.require();
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "redis_outage");
        this.link = CuttableLink.to(server.host(), server.port());
        this.throughTheLink = RedisStreams.on("127.0.0.1", this.link.port(), Duration.ofSeconds(1));
        this.direct = RedisStreams.onTheTestServer();
    }

    @AfterAll
    void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] { this.throughTheLink, this.direct, this.link,
                this.database }) {
            if (closeable != null) {
                try {
                    closeable.close();
                }
                catch (Exception ignored) {
                    // the next one is closed all the same
                }
            }
        }
    }

    @Test
    void theRoutePausesWhileTheServerIsGoneAndEveryMessageArrivesWithNoAttemptSpent() {
        String stream = "outbox-outage-" + UUID.randomUUID();
        DataSource dataSource = this.database.newDataSource(4);
        OutboxStore store = OutboxStore.builder(dataSource).build();
        OutboxSchema.migrate(store);
        Dispatcher dispatcher = Dispatcher.builder(store,
                MessageRoutes.to(new RedisStreamMessageSender(this.throughTheLink.template(), 0)))
                .settings(DispatcherSettings.builder().pollInterval(Duration.ofMillis(100))
                        .maxPollInterval(Duration.ofMillis(200)).sendTimeout(Duration.ofSeconds(2))
                        .lease(Duration.ofSeconds(6)).outageProbeInterval(Duration.ofMillis(300)).build())
                .build();
        OutboxTemplate outbox = OutboxTemplate.builder(store).handoff(dispatcher).build();
        TransactionTemplate transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        List<Long> ids = new ArrayList<>();
        dispatcher.start();
        try {
            ids.add(save(transactions, outbox, stream, "before"));
            await().atMost(PATIENCE).until(() -> state(outbox, ids.get(0)) == MessageState.SENT);

            this.link.cut();
            for (int i = 0; i < 10; i++) {
                ids.add(save(transactions, outbox, stream, "during-" + i));
            }
            await().atMost(PATIENCE).until(() -> !dispatcher.pausedRoutes().isEmpty());
            this.link.restore();

            await().atMost(PATIENCE).untilAsserted(() -> assertThat(ids)
                    .allSatisfy(id -> assertThat(state(outbox, id)).isEqualTo(MessageState.SENT)));
            assertThat(ids).allSatisfy(id -> assertThat(outbox.find(id).map(StoredMessage::retryCount))
                    .as("attempts spent by message %d", id).contains(0));
            assertThat(this.direct.entries(stream)).extracting(entry -> RedisStreams.fields(entry).get(OutboxHeaders.ID))
                    .as("at least once").containsAll(ids.stream().map(Object::toString).toList());
            assertThat(dispatcher.pausedRoutes()).isEmpty();
        }
        finally {
            dispatcher.stop();
            this.direct.delete(stream);
        }
    }

    private static long save(TransactionTemplate transactions, OutboxTemplate outbox, String stream, String key) {
        return transactions.execute(status -> outbox.save("order.created", key, stream, "{}").id());
    }

    private static MessageState state(OutboxTemplate outbox, long id) {
        return outbox.find(id).orElseThrow().state();
    }
}
