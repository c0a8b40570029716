/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.outbox.OutboxTemplate;
import dev.outbox.actuate.OutboxEndpoint;
import dev.outbox.actuate.OutboxOverview;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.CuttableLink;
import dev.outbox.testing.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.BeanFactoryAnnotationUtils;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * One application context with three stores, {@code outbox.stores}: {@code orders} and {@code billing} on two
 * MariaDB databases, {@code audit} on PostgreSQL. The billing database is reached through a {@link CuttableLink},
 * so that it can stop answering as a failed server does while the others go on. Skipped, with the reason
 * printed, where a server is missing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MariaDbPostgreSqlStoresTests {

    private static final List<String> STORES = List.of("orders", "billing", "audit");

    private TestDatabase orders;

    private TestDatabase billing;

    private TestDatabase audit;

    private CuttableLink billingLink;

    @BeforeAll
    void createDatabases() {
        this.orders = TestDatabase.create(TestDatabase.Kind.MARIADB, "stores_orders");
        this.billing = TestDatabase.create(TestDatabase.Kind.MARIADB, "stores_billing");
        this.audit = TestDatabase.create(TestDatabase.Kind.POSTGRESQL, "stores_audit");
        this.billingLink = CuttableLink.to(this.billing.jdbcUrl());
    }

    @AfterAll
    void close() {
        for (AutoCloseable closeable : new AutoCloseable[] { this.billingLink, this.orders, this.billing,
                this.audit }) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            }
            catch (Exception ex) {
                throw new IllegalStateException(ex);
            }
        }
    }

    private ApplicationContextRunner runner(RecordingMessageSender sender) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(TransactionAutoConfiguration.class,
                        OutboxStoresAutoConfiguration.class, OutboxAutoConfiguration.class,
                        OutboxAdminAutoConfiguration.class, OutboxMetricsAutoConfiguration.class))
                .withBean("ordersDataSource", DataSource.class, () -> pool(this.orders, this.orders.jdbcUrl()))
                .withBean("billingDataSource", DataSource.class,
                        () -> pool(this.billing, this.billingLink.urlThrough(this.billing.jdbcUrl())))
                .withBean("auditDataSource", DataSource.class, () -> pool(this.audit, this.audit.jdbcUrl()))
                .withUserConfiguration(StoresApplication.class)
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withBean("testSender", MessageSender.class, () -> sender)
                .withPropertyValues("outbox.stores.orders.data-source=ordersDataSource",
                        "outbox.stores.billing.data-source=billingDataSource",
                        "outbox.stores.audit.data-source=auditDataSource",
                        "outbox.stores.audit.table-name=audit_message",
                        "outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms",
                        "outbox.retry.initial-delay=100ms", "outbox.retry.max-delay=200ms",
                        "outbox.metrics.backlog-gauges.refresh-interval=200ms",
                        "management.endpoints.web.exposure.include=outbox");
    }

    private static DataSource pool(TestDatabase database, String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        if (!database.username().isEmpty()) {
            config.setUsername(database.username());
            config.setPassword(database.password());
        }
        config.setMaximumPoolSize(4);
        // A pool whose server stops answering fails its callers in seconds rather than waiting 30.
        config.setConnectionTimeout(1_000);
        config.setValidationTimeout(500);
        return new HikariDataSource(config);
    }

    @Test
    void eachStoreDeliversTheMessagesSavedInItsOwnTransactionsOnceEach() {
        RecordingMessageSender sender = new RecordingMessageSender();
        runner(sender).run(context -> {
            assertThat(context).hasNotFailed();
            Stores stores = context.getBean(Stores.class);
            assertThat(stores.orders()).isNotSameAs(stores.billing()).isNotSameAs(stores.audit());

            List<String> saved = new ArrayList<>();
            for (String store : STORES) {
                saved.addAll(saveInItsTransaction(context, store, 20));
            }

            await().atMost(Duration.ofSeconds(30)).until(() -> keysReceived(sender).keySet().containsAll(saved));
            assertThat(keysReceived(sender)).allSatisfy((key, count) -> assertThat(count).as(key).isOne());
            for (String store : STORES) {
                await().atMost(Duration.ofSeconds(10)).untilAsserted(
                        () -> assertThat(sentOf(context, store, saved)).as(store).isEqualTo(20));
                assertThat(sentCounter(context, store)).as(store).isGreaterThanOrEqualTo(20.0);
            }
            assertThat(new JdbcTemplate(context.getBean("auditDataSource", DataSource.class))
                    .queryForObject("SELECT COUNT(*) FROM audit_message WHERE message_key LIKE 'audit-%'", Long.class))
                    .isGreaterThanOrEqualTo(20);
        });
    }

    @Test
    void savingInATransactionOfAnotherStoresDataSourceFailsNamingTheStoreAndWritesNothing() {
        runner(new RecordingMessageSender()).withPropertyValues("outbox.dispatcher.enabled=false").run(context -> {
            OutboxTemplate billing = template(context, "billing");
            long billingRowsBefore = rows(context, "billing");

            assertThatThrownBy(() -> transaction(context, "orders").executeWithoutResult(status -> billing
                    .save("invoice.created", "i-1", "invoices", "{}")))
                    .isInstanceOf(IllegalTransactionStateException.class)
                    .hasMessageContaining("does not manage the outbox's DataSource (outbox store 'billing')")
                    .hasMessageContaining("run it in a transaction of that store's DataSource");
            assertThat(rows(context, "billing")).isEqualTo(billingRowsBefore);
        });
    }

    @Test
    void whileOneStoresDatabaseStopsAnsweringTheOthersDeliverAndItRecoversByItself() {
        RecordingMessageSender sender = new RecordingMessageSender();
        runner(sender).run(context -> {
            assertThat(context).hasNotFailed();
            String late = "billing-late-" + System.nanoTime() + "-";
            List<String> saved = new ArrayList<>(IntStream.range(0, 10).mapToObj(i -> late + i).toList());
            // Due in 2 s, when the billing database will not answer.
            transaction(context, "billing").executeWithoutResult(status -> saved.forEach(key -> template(context,
                    "billing").message("invoice.created").key(key).topic("invoices").payload("{}")
                    .delay(Duration.ofSeconds(2)).save()));
            this.billingLink.cut();
            try {
                List<String> others = new ArrayList<>(saveInItsTransaction(context, "orders", 10));
                others.addAll(saveInItsTransaction(context, "audit", 10));

                await().atMost(Duration.ofSeconds(30)).until(() -> keysReceived(sender).keySet().containsAll(others));
                saved.addAll(others);
                await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                    assertThat(health(context, "billing")).isEqualTo(Status.DOWN);
                    assertThat(health(context, "orders")).isEqualTo(Status.UP);
                    assertThat(health(context, "audit")).isEqualTo(Status.UP);
                });
                // The billing messages are due by now, and none could be claimed.
                await().pollDelay(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(4))
                        .until(() -> keysReceived(sender).keySet().stream().noneMatch(key -> key.startsWith(late)));
            }
            finally {
                this.billingLink.restore();
            }

            await().atMost(Duration.ofSeconds(60)).until(() -> keysReceived(sender).keySet().containsAll(saved));
            assertThat(keysReceived(sender)).allSatisfy((key, count) -> assertThat(count).as(key).isOne());
            await().atMost(Duration.ofSeconds(20))
                    .untilAsserted(() -> assertThat(health(context, "billing")).isEqualTo(Status.UP));
        });
    }

    @Test
    void theEndpointShowsEachStoreAndAsksWhichOneWhenAMessageIsAskedFor() {
        runner(new RecordingMessageSender()).withPropertyValues("outbox.dispatcher.enabled=false").run(context -> {
            // Not due for an hour, so that no other test's dispatcher sends it.
            transaction(context, "audit").executeWithoutResult(status -> template(context, "audit")
                    .message("audit.recorded").key("audit-later-" + System.nanoTime()).topic("audit").payload("{}")
                    .delay(Duration.ofHours(1)).save());
            OutboxEndpoint endpoint = context.getBean(OutboxEndpoint.class);

            WebEndpointResponse<Object> overview = endpoint.overview("audit");
            assertThat(overview.getStatus()).isEqualTo(WebEndpointResponse.STATUS_OK);
            assertThat((OutboxOverview) overview.getBody()).satisfies(audit -> {
                assertThat(audit.store()).isEqualTo("audit");
                assertThat(audit.stores()).isEqualTo(STORES);
                assertThat(audit.counts().get("PENDING")).isGreaterThanOrEqualTo(1);
            });
            assertThat(((OutboxOverview) endpoint.overview(null).getBody()).store()).isEqualTo("orders");

            WebEndpointResponse<Object> unnamed = messagesOf(endpoint, null);
            assertThat(unnamed.getStatus()).isEqualTo(WebEndpointResponse.STATUS_BAD_REQUEST);
            assertThat(unnamed.getBody()).hasToString(
                    "ErrorMessage[message=Name the store (?store=, or /stores/{store}/messages/{id}/{action} for a "
                            + "change): this application has the stores orders, billing, audit]");
            assertThat(messagesOf(endpoint, "shipping").getBody())
                    .hasToString("ErrorMessage[message=Unknown store 'shipping'; the stores are orders, billing, "
                            + "audit]");
            assertThat(messagesOf(endpoint, "audit").getStatus())
                    .isEqualTo(WebEndpointResponse.STATUS_OK);
        });
    }

    /** @return the keys of the messages saved, unique to this call */
    private static List<String> saveInItsTransaction(AssertableApplicationContext context, String store, int count) {
        OutboxTemplate template = template(context, store);
        String prefix = store + "-" + System.nanoTime() + "-";
        List<String> keys = IntStream.range(0, count).mapToObj(i -> prefix + i).toList();
        transaction(context, store).executeWithoutResult(
                status -> keys.forEach(key -> template.save("test.saved", key, "test-topic", "{}")));
        return keys;
    }

    private static OutboxTemplate template(AssertableApplicationContext context, String store) {
        return BeanFactoryAnnotationUtils.qualifiedBeanOfType(context.getBeanFactory(), OutboxTemplate.class, store);
    }

    private static TransactionTemplate transaction(AssertableApplicationContext context, String store) {
        return new TransactionTemplate(context.getBean(store + "TransactionManager", PlatformTransactionManager.class));
    }

    private static Map<String, Long> keysReceived(RecordingMessageSender sender) {
        return sender.received().stream().collect(Collectors.groupingBy(OutgoingMessage::key, Collectors.counting()));
    }

    private static long sentOf(AssertableApplicationContext context, String store, List<String> keys) {
        OutboxStore outboxStore = outboxStore(context, store);
        return new JdbcTemplate(outboxStore.dataSource()).queryForList("SELECT message_key FROM "
                + outboxStore.outboxTable() + " WHERE state = 'SENT'", String.class).stream()
                .filter(keys::contains).count();
    }

    private static long rows(AssertableApplicationContext context, String store) {
        OutboxStore outboxStore = outboxStore(context, store);
        Long count = new JdbcTemplate(outboxStore.dataSource())
                .queryForObject("SELECT COUNT(*) FROM " + outboxStore.outboxTable(), Long.class);
        return (count != null) ? count : 0;
    }

    private static OutboxStore outboxStore(AssertableApplicationContext context, String store) {
        return BeanFactoryAnnotationUtils.qualifiedBeanOfType(context.getBeanFactory(), OutboxStore.class, store);
    }

    private static double sentCounter(AssertableApplicationContext context, String store) {
        return context.getBean(MeterRegistry.class).find("outbox.messages.sent").tag("store", store).counters()
                .stream().mapToDouble(counter -> counter.count()).sum();
    }

    private static Status health(AssertableApplicationContext context, String store) {
        CompositeHealthContributor stores = context.getBean("outboxHealthIndicator", CompositeHealthContributor.class);
        return ((HealthIndicator) stores.getContributor(store)).health().getStatus();
    }

    /**
     * Each store's transaction manager, as an application with several DataSources declares them, and an
     * application bean given each store's template by qualifier.
     */
    @Configuration(proxyBeanMethods = false)
    static class StoresApplication {

        @Bean
        PlatformTransactionManager ordersTransactionManager(@Qualifier("ordersDataSource") DataSource dataSource) {
            return new JdbcTransactionManager(dataSource);
        }

        @Bean
        PlatformTransactionManager billingTransactionManager(@Qualifier("billingDataSource") DataSource dataSource) {
            return new JdbcTransactionManager(dataSource);
        }

        @Bean
        PlatformTransactionManager auditTransactionManager(@Qualifier("auditDataSource") DataSource dataSource) {
            return new JdbcTransactionManager(dataSource);
        }

        @Bean
        Stores stores(@Qualifier("orders") OutboxTemplate orders, @Qualifier("billing") OutboxTemplate billing,
                @Qualifier("audit") OutboxTemplate audit) {
            return new Stores(orders, billing, audit);
        }
    }

    /** The templates of the three stores, as an application bean is given them. */
    record Stores(OutboxTemplate orders, OutboxTemplate billing, OutboxTemplate audit) {
    }

    private static WebEndpointResponse<Object> messagesOf(OutboxEndpoint endpoint, String store) {
        return endpoint.collection("messages", null, null, null, null, store, null, null, null, null,
                null);
    }
}
