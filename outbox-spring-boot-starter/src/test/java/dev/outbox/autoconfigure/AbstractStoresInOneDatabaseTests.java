/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;

import dev.outbox.OutboxTemplate;
import dev.outbox.schema.OutboxSchema;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.BeanFactoryAnnotationUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two stores of {@code outbox.stores} over one database, with tables of other names: the schema mode
 * {@code separate} migrates each with a history of its own, so both get their tables, save and deliver. One subclass
 * per database.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractStoresInOneDatabaseTests {

    private static final List<String> STORES = List.of("orders", "billing");

    /** The outbox's migrations, as the core jar ships them. */
    private static final int MIGRATIONS = countMigrations();

    private TestDatabase database;

    protected abstract TestDatabase.Kind kind();

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(kind(), "stores_one_database");
    }

    @AfterAll
    void close() {
        this.database.close();
    }

    @Test
    void eachStoreGetsItsTablesWithAHistoryOfItsOwnAndDeliversItsMessages() {
        RecordingMessageSender sender = new RecordingMessageSender();
        OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(OutboxStoresAutoConfiguration.class))
                .withBean("testSender", MessageSender.class, () -> sender)
                .withPropertyValues("outbox.stores.orders.data-source=dataSource",
                        "outbox.stores.orders.table-name=orders_message",
                        "outbox.stores.orders.inbox.table-name=orders_inbox",
                        "outbox.stores.orders.cleanup.archive.table-name=orders_archive",
                        "outbox.stores.billing.data-source=dataSource",
                        "outbox.stores.billing.table-name=billing_message",
                        "outbox.stores.billing.inbox.table-name=billing_inbox",
                        "outbox.stores.billing.cleanup.archive.table-name=billing_archive",
                        "outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    for (String store : STORES) {
                        save(context, store);
                        OutboxStore outboxStore = BeanFactoryAnnotationUtils.qualifiedBeanOfType(
                                context.getBeanFactory(), OutboxStore.class, store);
                        assertThat(OutboxSchema.historyTable(outboxStore)).isEqualTo(store + "_message_flyway_history");
                        // The second store's history also has Flyway's baseline row: the schema had tables.
                        assertThat(count(context, OutboxSchema.historyTable(outboxStore) + " WHERE script LIKE 'V%'"))
                                .as(store).isEqualTo(MIGRATIONS);
                    }
                    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(sender.received())
                            .extracting(OutgoingMessage::key).containsExactlyInAnyOrder("orders-1", "billing-1"));
                    assertThat(count(context, "orders_message")).isOne();
                    assertThat(count(context, "billing_message")).isOne();
                });
    }

    private static void save(AssertableApplicationContext context, String store) {
        OutboxTemplate template = BeanFactoryAnnotationUtils.qualifiedBeanOfType(context.getBeanFactory(),
                OutboxTemplate.class, store);
        new TransactionTemplate(context.getBean(PlatformTransactionManager.class))
                .executeWithoutResult(status -> template.save("test.saved", store + "-1", OutboxContexts.TOPIC, "{}"));
    }

    /** @param table a table, and any condition on its rows */
    private static long count(AssertableApplicationContext context, String table) {
        Long count = new JdbcTemplate(context.getBean("dataSource", javax.sql.DataSource.class))
                .queryForObject("SELECT COUNT(*) FROM " + table, Long.class);
        return (count != null) ? count : 0;
    }

    private static int countMigrations() {
        try {
            return new PathMatchingResourcePatternResolver().getResources("classpath*:db/outbox/h2/V*__*.sql").length;
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
