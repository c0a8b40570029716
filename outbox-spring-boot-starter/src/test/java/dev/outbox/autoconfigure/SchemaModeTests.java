/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.List;

import javax.sql.DataSource;

import dev.outbox.OutboxTemplate;
import dev.outbox.consumer.inbox.Consumption;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.message.SaveResult;
import dev.outbox.schema.OutboxSchema;
import dev.outbox.spi.MessageSender;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.LazyInitializationBeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration;
import org.springframework.boot.flyway.autoconfigure.FlywayConfigurationCustomizer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

class SchemaModeTests {

    private static final String[] OUTBOX_SCRIPTS = { "V1__create_local_message.sql",
            "V2__create_consumed_message.sql", "V3__cleanup_index_and_archive.sql",
            "V4__ordering_index_with_state.sql", "V5__cleanup_from_the_due_index.sql", "V6__key_sequences.sql",
            "V7__route_switches.sql", "V8__failed_for_good.sql", "V9__idempotency_keys.sql" };

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withPropertyValues("outbox.dispatcher.enabled=false");

    private final ApplicationContextRunner withBootFlyway = this.runner
            .withConfiguration(AutoConfigurations.of(FlywayAutoConfiguration.class));

    @Test
    void separateModeIsTheDefaultAndMigratesWithItsOwnHistoryTable() {
        this.runner.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(OutboxSchemaInitializer.class);
            assertThat(OutboxContexts.tableExists(context, "local_message")).isTrue();
            assertThat(OutboxContexts.tableExists(context, "consumed_message")).isTrue();
            assertThat(OutboxContexts.tableExists(context, "local_message_archive")).isTrue();
            assertThat(scripts(context, OutboxSchema.HISTORY_TABLE)).containsExactly(OUTBOX_SCRIPTS);
            assertThat(OutboxContexts.tableExists(context, "flyway_schema_history")).isFalse();
        });
    }

    @Test
    void theTemplateAndTheDispatcherAreCreatedAfterTheSchema() {
        OutboxContexts.h2().withBean("testSender", MessageSender.class, RecordingMessageSender::new).run(context -> {
            ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
            assertThat(beanFactory.getBeanDefinition("outboxTemplate").getDependsOn())
                    .contains("outboxSchemaInitializer");
            assertThat(beanFactory.getBeanDefinition("outboxDispatcher").getDependsOn())
                    .contains("outboxSchemaInitializer");
        });
    }

    @Test
    void separateModeRunsAfterTheApplicationsFlywayAndNeverClashesWithItsVersions() {
        // Both have a V1: each is recorded in its own history table. The application's Flyway runs
        // first, on the empty schema it expects.
        this.withBootFlyway.withPropertyValues("spring.flyway.locations=classpath:db/app-v1").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(scripts(context, "flyway_schema_history")).containsExactly("V1__create_orders.sql");
            assertThat(scripts(context, OutboxSchema.HISTORY_TABLE)).containsExactly(OUTBOX_SCRIPTS);
            SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");
            assertThat(saved.duplicate()).isFalse();
        });
    }

    @Test
    void separateModeCreatesTheConfiguredTable() {
        this.runner.withPropertyValues("outbox.table-name=order_outbox").run(context -> {
            assertThat(OutboxContexts.tableExists(context, "order_outbox")).isTrue();
            assertThat(OutboxContexts.tableExists(context, "local_message")).isFalse();

            OutboxContexts.save(context, "order.created", "order-1", "created");

            assertThat(jdbc(context).queryForObject("SELECT COUNT(*) FROM order_outbox", Integer.class)).isEqualTo(1);
        });
    }

    @Test
    void separateModeCreatesTheConfiguredInboxTableAndTheInboxConsumesInIt() {
        this.runner.withPropertyValues("outbox.inbox.table-name=received_event").run(context -> {
            assertThat(OutboxContexts.tableExists(context, "received_event")).isTrue();
            assertThat(OutboxContexts.tableExists(context, "consumed_message")).isFalse();
            TransactionTemplate transaction = new TransactionTemplate(
                    context.getBean(PlatformTransactionManager.class));
            Inbox inbox = context.getBean(Inbox.class);

            Consumption first = transaction.execute(status -> inbox.consume("billing", "order-1", () -> "invoiced"));
            Consumption again = transaction.execute(status -> inbox.consume("billing", "order-1", () -> "twice"));

            assertThat(first).isEqualTo(new Consumption(false, "invoiced"));
            assertThat(again).isEqualTo(new Consumption(true, "invoiced"));
            assertThat(jdbc(context).queryForObject("SELECT COUNT(*) FROM received_event", Integer.class)).isEqualTo(1);
        });
    }

    @Test
    void noneModeCreatesNoTable() {
        this.runner.withPropertyValues("outbox.schema.mode=none").run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(OutboxSchemaInitializer.class)
                    .doesNotHaveBean(ApplicationSchemaCheck.class);
            assertThat(OutboxContexts.tableExists(context, "local_message")).isFalse();
            assertThat(OutboxContexts.tableExists(context, "consumed_message")).isFalse();
            assertThat(OutboxContexts.tableExists(context, OutboxSchema.HISTORY_TABLE)).isFalse();
        });
    }

    @Test
    void applicationModeLetsTheApplicationsFlywayCreateTheTable() {
        this.withBootFlyway.withPropertyValues("outbox.schema.mode=application").run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(OutboxSchemaInitializer.class);
            assertThat(scripts(context, "flyway_schema_history")).containsExactly(OUTBOX_SCRIPTS);
            assertThat(OutboxContexts.tableExists(context, "consumed_message")).isTrue();
            assertThat(OutboxContexts.tableExists(context, OutboxSchema.HISTORY_TABLE)).isFalse();
            SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");
            assertThat(saved.duplicate()).isFalse();
        });
    }

    @Test
    void applicationModeWorksWithLazyInitialization() {
        this.withBootFlyway.withPropertyValues("outbox.schema.mode=APPLICATION")
                .withInitializer(context -> context.addBeanFactoryPostProcessor(
                        new LazyInitializationBeanFactoryPostProcessor()))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");
                    assertThat(saved.duplicate()).isFalse();
                });
    }

    @Test
    void applicationModeKeepsTheApplicationsLocationsAndPlaceholders() {
        this.withBootFlyway.withPropertyValues("outbox.schema.mode=application", "outbox.table-name=order_outbox",
                "outbox.inbox.table-name=order_inbox", "outbox.cleanup.archive.table-name=order_archive",
                "spring.flyway.locations=classpath:db/app-v100",
                "spring.flyway.placeholders.customers_table=customers")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(scripts(context, "flyway_schema_history")).containsExactly(
                            "V1__create_local_message.sql", "V2__create_consumed_message.sql",
                            "V3__cleanup_index_and_archive.sql", "V4__ordering_index_with_state.sql",
                            "V5__cleanup_from_the_due_index.sql", "V6__key_sequences.sql", "V7__route_switches.sql",
                            "V8__failed_for_good.sql", "V9__idempotency_keys.sql", "V100__create_customers.sql");
                    assertThat(OutboxContexts.tableExists(context, "customers")).isTrue();
                    assertThat(OutboxContexts.tableExists(context, "order_outbox")).isTrue();
                    assertThat(OutboxContexts.tableExists(context, "order_inbox")).isTrue();
                    assertThat(OutboxContexts.tableExists(context, "order_archive")).isTrue();
                });
    }

    @Test
    void applicationModeFailsWhenAnApplicationPlaceholderNamesAnotherTable() {
        this.withBootFlyway.withPropertyValues("outbox.schema.mode=application",
                "spring.flyway.placeholders.outbox_table=other_table")
                .run(context -> assertThat(rootCause(context.getStartupFailure()))
                        .hasMessageContaining("spring.flyway.placeholders.outbox_table")
                        .hasMessageContaining("outbox.table-name"));
    }

    @Test
    void applicationModeFailsWhenAnApplicationPlaceholderNamesAnotherArchiveTable() {
        this.withBootFlyway.withPropertyValues("outbox.schema.mode=application",
                "spring.flyway.placeholders.archive_table=other_table")
                .run(context -> assertThat(rootCause(context.getStartupFailure()))
                        .hasMessageContaining("spring.flyway.placeholders.archive_table")
                        .hasMessageContaining("outbox.cleanup.archive.table-name"));
    }

    @Test
    void applicationModeFailsWhenAnApplicationPlaceholderNamesAnotherInboxTable() {
        this.withBootFlyway.withPropertyValues("outbox.schema.mode=application",
                "spring.flyway.placeholders.inbox_table=other_table")
                .run(context -> assertThat(rootCause(context.getStartupFailure()))
                        .hasMessageContaining("spring.flyway.placeholders.inbox_table")
                        .hasMessageContaining("outbox.inbox.table-name"));
    }

    @Test
    void applicationModeFailsClearlyWithoutBootsFlyway() {
        this.runner.withPropertyValues("outbox.schema.mode=application")
                .withClassLoader(new FilteredClassLoader(FlywayConfigurationCustomizer.class))
                .run(context -> assertThat(rootCause(context.getStartupFailure()))
                        .hasMessageContaining("outbox.schema.mode=application")
                        .hasMessageContaining("spring-boot-starter-flyway"));
    }

    @Test
    void separateModeFailsClearlyWithoutFlyway() {
        this.runner.withClassLoader(new FilteredClassLoader(Flyway.class))
                .run(context -> assertThat(rootCause(context.getStartupFailure()))
                        .hasMessageContaining("outbox.schema.mode=separate (the default)")
                        .hasMessageContaining("org.flywaydb:flyway-core")
                        .hasMessageContaining("outbox.schema.mode=none"));
    }

    @Test
    void noneModeStartsWithoutFlyway() {
        this.runner.withPropertyValues("outbox.schema.mode=none")
                .withClassLoader(new FilteredClassLoader(Flyway.class, FlywayConfigurationCustomizer.class))
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(OutboxTemplate.class)
                        .doesNotHaveBean(OutboxSchemaInitializer.class));
    }

    @Test
    void applicationModeFailsClearlyWhenBootsFlywayIsDisabled() {
        this.withBootFlyway.withPropertyValues("outbox.schema.mode=application", "spring.flyway.enabled=false")
                .run(context -> assertThat(rootCause(context.getStartupFailure()))
                        .hasMessageContaining("outbox.schema.mode=application")
                        .hasMessageContaining("no Spring Boot Flyway bean applied the outbox's migrations"));
    }

    private static List<String> scripts(ApplicationContext context, String historyTable) {
        return jdbc(context).queryForList("SELECT \"script\" FROM \"" + historyTable
                + "\" WHERE \"success\" AND \"version\" IS NOT NULL AND \"version\" <> '0' ORDER BY \"installed_rank\"",
                String.class);
    }

    private static Throwable rootCause(Throwable failure) {
        assertThat(failure).isNotNull();
        return NestedExceptionUtils.getMostSpecificCause(failure);
    }

    private static JdbcTemplate jdbc(ApplicationContext context) {
        return new JdbcTemplate(context.getBean(DataSource.class));
    }
}
