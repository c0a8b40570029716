/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.schema.OutboxSchema;
import dev.outbox.spi.MessageSender;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A broker lost in the middle of a run, with the core and a broker module only: the sender reaches its real
 * server through a {@link CuttableLink}, which is cut while messages are saved (or the broker goes down, where the
 * test runs it: {@link #loseBroker}). The route pauses, no message spends an attempt, and every message is on the
 * broker once it is back. Each broker module's test extends it with how to connect its sender and how to read what
 * arrived.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class BrokerOutageContract {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final String brokerHost;

    private final int brokerPort;

    private TestDatabase database;

    private CuttableLink link;

    /**
     * @param brokerHost the broker's real host, found for the tests
     * @param brokerPort its port
     */
    protected BrokerOutageContract(String brokerHost, int brokerPort) {
        this.brokerHost = brokerHost;
        this.brokerPort = brokerPort;
    }

    /**
     * @param port the loopback port of the link, which clients connect to instead of the broker
     * @return a sender whose client connects through the link, with a command or acknowledgement timeout of about
     * a second
     */
    protected abstract MessageSender connectThrough(int port) throws Exception;

    /** @return a new destination on the broker, which nothing else uses */
    protected abstract String newTopic() throws Exception;

    /** @return the {@code outbox-id} headers of what arrived at the destination, read directly from the broker */
    protected abstract List<String> outboxIdsIn(String topic) throws Exception;

    /** Closes the client of {@link #connectThrough} and whatever the test made on the broker. */
    protected abstract void disconnect() throws Exception;

    /** Takes the broker away from the sender: cuts the link, unless the test stops a broker it runs itself. */
    protected void loseBroker() throws Exception {
        this.link.cut();
    }

    /** Brings the broker back, with what it stored before {@link #loseBroker}. */
    protected void restoreBroker() throws Exception {
        this.link.restore();
    }

    @BeforeAll
    void startDatabaseAndLink() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, getClass().getSimpleName().toLowerCase(Locale.ROOT));
        this.link = CuttableLink.to(this.brokerHost, this.brokerPort);
    }

    @AfterAll
    void stopDatabaseAndLink() throws Exception {
        disconnect();
        if (this.link != null) {
            this.link.close();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    @Test
    void theRoutePausesWhileTheBrokerIsGoneAndEveryMessageArrivesWithNoAttemptSpent() throws Exception {
        String topic = newTopic();
        DataSource dataSource = this.database.newDataSource(4);
        OutboxStore store = OutboxStore.builder(dataSource).build();
        OutboxSchema.migrate(store);
        Dispatcher dispatcher = Dispatcher.builder(store, MessageRoutes.to(connectThrough(this.link.port())))
                .settings(DispatcherSettings.builder().pollInterval(Duration.ofMillis(100))
                        .maxPollInterval(Duration.ofMillis(200)).sendTimeout(Duration.ofSeconds(2))
                        .lease(Duration.ofSeconds(6)).outageProbeInterval(Duration.ofMillis(300)).build())
                .build();
        OutboxTemplate outbox = OutboxTemplate.builder(store).handoff(dispatcher).build();
        TransactionTemplate transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        List<Long> ids = new ArrayList<>();
        dispatcher.start();
        try {
            ids.add(save(transactions, outbox, topic, "before"));
            await().atMost(PATIENCE).until(() -> state(outbox, ids.get(0)) == MessageState.SENT);

            loseBroker();
            for (int i = 0; i < 10; i++) {
                ids.add(save(transactions, outbox, topic, "during-" + i));
            }
            await().atMost(PATIENCE).until(() -> !dispatcher.pausedRoutes().isEmpty());
            restoreBroker();

            await().atMost(PATIENCE).untilAsserted(() -> assertThat(ids)
                    .allSatisfy(id -> assertThat(state(outbox, id)).isEqualTo(MessageState.SENT)));
            assertThat(ids).allSatisfy(id -> assertThat(outbox.find(id).map(StoredMessage::retryCount))
                    .as("attempts spent by message %d", id).contains(0));
            assertThat(outboxIdsIn(topic)).as("at least once").containsAll(ids.stream().map(Object::toString).toList());
            assertThat(dispatcher.pausedRoutes()).isEmpty();
        }
        finally {
            dispatcher.stop();
        }
    }

    private static long save(TransactionTemplate transactions, OutboxTemplate outbox, String topic, String key) {
        return transactions.execute(status -> outbox.save("order.created", key, topic, "{}").id());
    }

    private static MessageState state(OutboxTemplate outbox, long id) {
        return outbox.find(id).orElseThrow().state();
    }
}
