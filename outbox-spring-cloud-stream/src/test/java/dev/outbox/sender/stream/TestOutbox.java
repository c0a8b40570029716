/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.time.Duration;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageBuilder;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.schema.OutboxSchema;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.TestDatabase;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An outbox on a test database, with the core only: its dispatcher sends through the routes it was given, and the
 * tests save messages and wait for their states.
 */
final class TestOutbox {

    private final Dispatcher dispatcher;

    private final OutboxTemplate outbox;

    private final TransactionTemplate transactions;

    private TestOutbox(TestDatabase database, MessageRoutes routes) {
        DataSource dataSource = database.newDataSource(4);
        OutboxStore store = OutboxStore.builder(dataSource).databaseType(database.databaseType()).build();
        OutboxSchema.migrate(store);
        this.dispatcher = Dispatcher.builder(store, routes).settings(DispatcherSettings.builder()
                .pollInterval(Duration.ofMillis(100)).maxPollInterval(Duration.ofMillis(200))
                .sendTimeout(Duration.ofSeconds(5)).outageProbeInterval(Duration.ofMillis(300)).build()).build();
        this.outbox = OutboxTemplate.builder(store).handoff(this.dispatcher).build();
        this.transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    /**
     * @param database the database, whose outbox tables are migrated
     * @param routes where the dispatcher sends
     * @return the outbox, its dispatcher not started
     */
    static TestOutbox on(TestDatabase database, MessageRoutes routes) {
        return new TestOutbox(database, routes);
    }

    Dispatcher dispatcher() {
        return this.dispatcher;
    }

    /** Saves a message in a transaction, as an application does, and returns its id. */
    long save(String type, String key, String topic, @Nullable String orderingKey, String payload) {
        return this.transactions.execute(status -> {
            MessageBuilder message = this.outbox.message(type).key(key).topic(topic).payload(payload);
            return ((orderingKey != null) ? message.orderingKey(orderingKey) : message).save().id();
        });
    }

    StoredMessage awaitState(long id, MessageState state) {
        await().atMost(StreamApplications.PATIENCE)
                .untilAsserted(() -> assertThat(stored(id).state()).as("message %d", id).isEqualTo(state));
        return stored(id);
    }

    StoredMessage stored(long id) {
        return this.outbox.find(id).orElseThrow();
    }
}
