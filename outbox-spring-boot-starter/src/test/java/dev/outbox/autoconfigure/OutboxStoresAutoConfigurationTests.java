/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.BacklogGauges;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.cleanup.OutboxCleaner;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.consumer.mark.ConsumedMarker;
import dev.outbox.message.SaveResult;
import dev.outbox.spi.MessageSender;
import dev.outbox.store.OutboxStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.BeanFactoryAnnotationUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.DataSourceBuilder;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The beans of {@code outbox.stores}, on two in-memory H2 databases: named and qualified per store, built from
 * each store's settings, and the single store's beans gone. The same on real servers, with delivery and an
 * outage, is {@code MariaDbPostgreSqlStoresTests}.
 */
class OutboxStoresAutoConfigurationTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(TransactionAutoConfiguration.class,
                    OutboxStoresAutoConfiguration.class, OutboxAutoConfiguration.class,
                    OutboxAdminAutoConfiguration.class, OutboxMetricsAutoConfiguration.class))
            .withBean("firstDataSource", DataSource.class, OutboxStoresAutoConfigurationTests::h2)
            .withBean("secondDataSource", DataSource.class, OutboxStoresAutoConfigurationTests::h2)
            .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
            .withBean("testSender", MessageSender.class, RecordingMessageSender::new)
            .withPropertyValues("outbox.stores.first.data-source=firstDataSource",
                    "outbox.stores.second.data-source=secondDataSource");

    private static DataSource h2() {
        return DataSourceBuilder.create().url("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1").build();
    }

    @Test
    void eachStoreHasItsOwnBeansNamedAndQualifiedAfterItAndTheSingleStoresAreGone() {
        this.runner.run(context -> {
            assertThat(context).hasNotFailed();
            for (Class<?> type : new Class<?>[] { OutboxStore.class, OutboxTemplate.class, Inbox.class,
                    ConsumedMarker.class, OutboxAdmin.class, Dispatcher.class, OutboxCleaner.class,
                    BacklogGauges.class, OutboxSchemaInitializer.class }) {
                assertThat(context.getBeanNamesForType(type)).as(type.getSimpleName())
                        .containsExactly("first" + type.getSimpleName().replaceFirst("^(Outbox)?", "Outbox"),
                                "second" + type.getSimpleName().replaceFirst("^(Outbox)?", "Outbox"));
            }
            assertThat(context.getBeansOfType(OutboxDispatcherLifecycle.class)).hasSize(2);
            assertThat(context.getBeansOfType(OutboxCleanupJob.class)).hasSize(2);
            assertThat(store(context, "first").name()).isEqualTo("first");
            assertThat(store(context, "first").dataSource()).isSameAs(context.getBean("firstDataSource"));
            assertThat(store(context, "second").dataSource()).isSameAs(context.getBean("secondDataSource"));
            CompositeHealthContributor health = context.getBean("outboxHealthIndicator",
                    CompositeHealthContributor.class);
            assertThat(health.stream()).allSatisfy(entry -> assertThat(((HealthIndicator) entry.contributor())
                    .health().getDetails()).as("the routes of the store's dispatcher")
                    .containsEntry("pausedRoutes", List.of()));
        });
    }

    @Test
    void aStoresSettingsOverrideTheOutboxesAndTheOthersFallBackToThem() {
        this.runner.withPropertyValues("outbox.stores.second.table-name=second_message",
                "outbox.stores.second.dispatcher.batch-size=7", "outbox.dispatcher.batch-size=50",
                "outbox.dispatcher.enabled=false")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(store(context, "first").outboxTable()).isEqualTo("local_message");
                    assertThat(store(context, "second").outboxTable()).isEqualTo("second_message");
                    OutboxSettings settings = OutboxSettings.of(context.getEnvironment());
                    assertThat(settings.forStore("second").value(DispatcherSettings.BATCH_SIZE)).isEqualTo(7);
                    assertThat(settings.forStore("first").value(DispatcherSettings.BATCH_SIZE)).isEqualTo(50);
                    assertThat(context).doesNotHaveBean(Dispatcher.class);
                });
    }

    @Test
    void aStoresMetersAndGaugesAreTaggedWithItsNameAndItsHealthIsItsOwnEntry() {
        this.runner.withPropertyValues("outbox.dispatcher.enabled=false").run(context -> {
            assertThat(context).hasNotFailed();
            OutboxTemplate second = BeanFactoryAnnotationUtils.qualifiedBeanOfType(context.getBeanFactory(),
                    OutboxTemplate.class, "second");
            SaveResult saved = new TransactionTemplate(transactionManager(context, "secondDataSource"))
                    .execute(status -> second.save("test.saved", "k-1", "topic", "{}"));
            assertThat(saved.duplicate()).isFalse();

            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(registry.get("outbox.messages.saved").tag("store", "second").counter().count()).isOne();
            assertThat(registry.find("outbox.messages.saved").tag("store", "first").counter()).isNull();
            context.getBeansOfType(BacklogGauges.class).values().forEach(BacklogGauges::refresh);
            assertThat(registry.get("outbox.messages.backlog").tags("store", "second", "state", "PENDING").gauge()
                    .value()).isOne();
            assertThat(registry.get("outbox.messages.backlog").tags("store", "first", "state", "PENDING").gauge()
                    .value()).isZero();

            CompositeHealthContributor health = context.getBean("outboxHealthIndicator",
                    CompositeHealthContributor.class);
            assertThat(health.stream().map(entry -> entry.name())).containsExactly("first", "second");
            assertThat(((HealthIndicator) health.getContributor("second")).health().getStatus())
                    .isEqualTo(Status.UP);
        });
    }

    @Test
    void theOneStoreOfAnApplicationWithoutStoresIsTaggedDefault() {
        OutboxContexts.h2().withConfiguration(AutoConfigurations.of(OutboxStoresAutoConfiguration.class,
                OutboxAdminAutoConfiguration.class, OutboxMetricsAutoConfiguration.class))
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withPropertyValues("outbox.dispatcher.enabled=false")
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(OutboxStore.class)
                            .hasBean("outboxStore").hasSingleBean(HealthIndicator.class);
                    OutboxContexts.save(context, "test.saved", "k-1", "{}");
                    assertThat(context.getBean(MeterRegistry.class).get("outbox.messages.saved")
                            .tag("store", "default").counter().count()).isOne();
                });
    }

    @Test
    void aStoreNameThatIsNotPlainFailsTheStartNamingIt() {
        this.runner.withPropertyValues("outbox.stores[Eu_West].data-source=firstDataSource")
                .run(context -> assertThat(context).getFailure()
                        .hasMessage("outbox.stores[Eu_West] is not a store name: use lower-case letters, digits "
                                + "and dashes, starting with a letter (it names the store's beans, metrics and "
                                + "health)"));
    }

    @Test
    void aStoreWithoutADataSourceFailsTheStart() {
        this.runner.withPropertyValues("outbox.stores.third.table-name=third_message")
                .run(context -> assertThat(context).getFailure()
                        .hasMessage("outbox.stores.third.data-source is required: the name of the DataSource bean "
                                + "whose database holds the store's tables"));
    }

    @Test
    void aDataSourceNameThatNamesNoBeanFailsTheStartListingTheDataSources() {
        this.runner.withPropertyValues("outbox.stores.second.data-source=secondDatasource")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .hasMessage("outbox.stores.second.data-source names no bean: 'secondDatasource'; the "
                                + "DataSource beans are [firstDataSource, secondDataSource]"));
    }

    @Test
    void theApplicationsSchemaModeCannotServeSeveralStores() {
        this.runner.withPropertyValues("outbox.schema.mode=application")
                .run(context -> assertThat(context).getFailure()
                        .hasMessageStartingWith("outbox.schema.mode=application cannot create the tables of several "
                                + "stores (outbox.stores)"));
    }

    @Test
    void tablesOfAStoreNamedAlikeOrAReservedWordFailTheStartNamingTheStoresProperty() {
        this.runner.withPropertyValues("outbox.stores.second.table-name=second_message",
                "outbox.stores.second.inbox.table-name=second_message_switch")
                .run(context -> assertThat(context).getFailure().hasStackTraceContaining(
                        "outbox.stores.second.inbox.table-name ('second_message_switch') is also the name of the "
                                + "outbox's switch table (second_message_switch): give each table of the store a "
                                + "name of its own"));
        this.runner.withPropertyValues("outbox.stores.second.cleanup.archive.table-name=user")
                .run(context -> assertThat(context).getFailure().hasStackTraceContaining(
                        "outbox.stores.second.cleanup.archive.table-name is invalid: 'user' is a reserved word"));
    }

    @Test
    void aBadValueOfAStoreIsReportedWithTheStoresPropertyAndOneOfTheOutboxWithItsOwn() {
        this.runner.withPropertyValues("outbox.stores.second.dispatcher.batch-size=0")
                .run(context -> assertThat(context).getFailure()
                        .hasStackTraceContaining("outbox.stores.second.dispatcher.batch-size must be at least 1"));
        this.runner.withPropertyValues("outbox.dispatcher.batch-size=0")
                .run(context -> assertThat(context).getFailure()
                        .hasStackTraceContaining("outbox.dispatcher.batch-size must be at least 1")
                        .hasStackTraceContaining(InvalidOutboxPropertyException.class.getName()));
    }

    private static OutboxStore store(AssertableApplicationContext context, String name) {
        return BeanFactoryAnnotationUtils.qualifiedBeanOfType(context.getBeanFactory(), OutboxStore.class, name);
    }

    private static PlatformTransactionManager transactionManager(AssertableApplicationContext context,
            String dataSource) {
        return new JdbcTransactionManager(context.getBean(dataSource, DataSource.class));
    }
}
