/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.consumer.inbox.Consumption;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.RecordingSender;
import dev.outbox.testing.TestDatabase;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several stores in one database, each with tables of other names: each store's migrations have a history of
 * their own, so that each store gets its tables; and the histories of installations from before keep working. One
 * subclass per database, with a fresh database for each test.
 */
abstract class StoresInOneDatabaseContract {

    /** The outbox's migrations, numbered from 1 without a gap: their count is the highest version. */
    private static final int MIGRATIONS = countMigrations();

    private TestDatabase database;

    private DataSource dataSource;

    abstract TestDatabase.Kind kind();

    @BeforeEach
    void createDatabase() {
        this.database = TestDatabase.create(kind(), getClass().getSimpleName());
        // Flyway takes a second connection for its lock on PostgreSQL.
        this.dataSource = this.database.newDataSource(4);
    }

    @AfterEach
    void closePools() {
        this.database.close();
    }

    @Test
    void twoStoresWithTablesOfTheirOwnAreBothCreatedAndBothSaveDispatchAndConsume() {
        OutboxStore first = store("default", OutboxStore.DEFAULT_OUTBOX_TABLE, OutboxStore.DEFAULT_INBOX_TABLE,
                OutboxStore.DEFAULT_ARCHIVE_TABLE);
        OutboxStore second = store("orders", "order_outbox", "order_inbox", "order_archive");

        assertThat(OutboxSchema.migrate(first).migrationsExecuted).isEqualTo(MIGRATIONS);
        assertThat(OutboxSchema.migrate(second).migrationsExecuted).isEqualTo(MIGRATIONS);

        assertThat(OutboxSchema.historyTable(first)).isEqualTo("outbox_schema_history");
        assertThat(OutboxSchema.historyTable(second)).isEqualTo("order_outbox_flyway_history");
        for (String table : List.of("order_outbox", "order_outbox_sequence", "order_outbox_switch", "order_inbox",
                "order_inbox_sequence", "order_archive")) {
            assertThat(count(table)).as(table).isZero();
        }
        savesDispatchesAndConsumes(first);
        savesDispatchesAndConsumes(second);
        assertThat(count(OutboxStore.DEFAULT_OUTBOX_TABLE)).isOne();
        assertThat(count("order_outbox")).isOne();
    }

    @Test
    void theDefaultStoreKeepsTheHistoryItHadAndIsNotMigratedAgain() {
        OutboxStore store = store("default", OutboxStore.DEFAULT_OUTBOX_TABLE, OutboxStore.DEFAULT_INBOX_TABLE,
                OutboxStore.DEFAULT_ARCHIVE_TABLE);
        migrateAsBeforeEachStoreHadItsHistory(store);

        assertThat(OutboxSchema.migrate(store).migrationsExecuted).isZero();

        assertThat(count("outbox_schema_history")).isEqualTo(MIGRATIONS);
        savesDispatchesAndConsumes(store);
    }

    @Test
    void aStoreThatTheSharedHistoryRecordedStartsItsOwnHistoryAtThatVersionAndIsNotMigratedAgain() {
        OutboxStore store = store("default", "order_outbox", "order_inbox", "order_archive");
        migrateAsBeforeEachStoreHadItsHistory(store);

        assertThat(OutboxSchema.migrate(store).migrationsExecuted).isZero();

        assertThat(new JdbcTemplate(this.dataSource).queryForObject(
                "SELECT MAX(version) FROM order_outbox_flyway_history", String.class)).isEqualTo(String.valueOf(MIGRATIONS));
        savesDispatchesAndConsumes(store);
    }

    private OutboxStore store(String name, String outbox, String inbox, String archive) {
        return OutboxStore.builder(this.dataSource).databaseType(this.database.databaseType()).name(name)
                .outboxTable(outbox).inboxTable(inbox).archiveTable(archive).build();
    }

    /** What {@link OutboxSchema#migrate} did before: one history table for every store. */
    private void migrateAsBeforeEachStoreHadItsHistory(OutboxStore store) {
        Flyway.configure(OutboxSchema.class.getClassLoader()).dataSource(store.dataSource())
                .locations(OutboxSchema.location(store)).table("outbox_schema_history")
                .placeholders(OutboxSchema.placeholders(store)).baselineOnMigrate(true).baselineVersion("0")
                .load().migrate();
    }

    /** A sequenced message, so that the outbox's and the inbox's sequence tables are written too. */
    private void savesDispatchesAndConsumes(OutboxStore store) {
        TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(this.dataSource));
        OutboxTemplate outbox = OutboxTemplate.builder(store).build();
        transaction.executeWithoutResult(status -> outbox.message("order.created").key("o-1").topic("orders")
                .payload("{}").orderingKey("customer-1").sequenced().save());
        RecordingSender sender = new RecordingSender();

        assertThat(Dispatcher.builder(store, MessageRoutes.to(sender)).build().dispatchOnce()).isOne();

        OutgoingMessage sent = sender.sent().get(0);
        assertThat(sent.headers()).containsEntry(OutboxHeaders.SEQUENCE, "1");
        Inbox inbox = Inbox.builder(store).build();
        Consumption consumption = transaction.execute(status -> inbox.consumeInOrder("shipping", sent.type(),
                OutboxHeaders.of(sent), () -> { }));
        assertThat(consumption.duplicate()).isFalse();
    }

    private long count(String table) {
        Long count = new JdbcTemplate(this.dataSource).queryForObject("SELECT COUNT(*) FROM " + table, Long.class);
        return (count != null) ? count : 0;
    }

    private static int countMigrations() {
        try (Stream<Path> files = Files.list(Path.of("src/main/resources/db/outbox/h2"))) {
            return (int) files.filter((file) -> file.getFileName().toString().matches("V\\d+__.*\\.sql")).count();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
