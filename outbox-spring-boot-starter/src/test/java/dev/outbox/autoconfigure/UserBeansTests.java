/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.message.SaveResult;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.PayloadSerializer;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every bean an application may replace: the auto-configuration backs off and uses the application's.
 */
class UserBeansTests {

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withBean("testSender", MessageSender.class, RecordingMessageSender::new);

    @Test
    void usesTheApplicationsStore() {
        this.runner.withUserConfiguration(CustomStoreConfiguration.class)
                .withPropertyValues("outbox.table-name=custom_outbox").run(context -> {
                    assertThat(context).hasNotFailed().getBeanNames(OutboxStore.class)
                            .containsExactly("myStore");
                    assertThat(context.getBean(OutboxStore.class).databaseType()).isEqualTo(DatabaseType.H2);
                    assertThat(context.getBean(OutboxTemplate.class)).isNotNull();
                });
    }

    @Test
    void usesTheApplicationsSchemaInitializer() {
        this.runner.withUserConfiguration(SchemaInitializerConfiguration.class)
                .withPropertyValues("outbox.table-name=my_outbox")
                .run(context -> {
                    assertThat(context).hasNotFailed().getBeanNames(OutboxSchemaInitializer.class)
                            .containsExactly("mySchema");
                    assertThat(OutboxContexts.tableExists(context, "my_outbox")).isTrue();
                });
    }

    @Test
    void usesTheApplicationsPayloadSerializer() {
        this.runner.withPropertyValues("outbox.dispatcher.enabled=false")
                .withBean("mySerializer", PayloadSerializer.class, () -> payload -> "custom:" + payload)
                .run(context -> {
                    assertThat(context).hasNotFailed().getBeanNames(PayloadSerializer.class)
                            .containsExactly("mySerializer");
                    SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", 42);
                    assertThat(OutboxContexts.stored(context, saved.id()).body()).isEqualTo("custom:42");
                });
    }

    @Test
    void usesTheApplicationsMetrics() {
        this.runner.withBean("myMetrics", OutboxMetrics.class, () -> OutboxMetrics.NONE)
                .run(context -> assertThat(context).hasNotFailed().getBeanNames(OutboxMetrics.class)
                        .containsExactly("myMetrics"));
    }

    @Test
    void usesTheApplicationsRoutesWithoutNeedingSenderBeans() {
        RecordingMessageSender sender = new RecordingMessageSender();
        OutboxContexts.h2().withBean("myRoutes", MessageRoutes.class, () -> MessageRoutes.to(sender))
                .run(context -> {
                    assertThat(context).hasNotFailed().getBeanNames(MessageRoutes.class).containsExactly("myRoutes");
                    SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");
                    OutboxContexts.awaitSent(context, saved.id());
                    assertThat(sender.received()).hasSize(1);
                });
    }

    @Test
    void usesTheApplicationsRetryPolicies() {
        this.runner.withBean("myRetryPolicies", RetryPolicies.class, RetryPolicies::defaults)
                .run(context -> assertThat(context).hasNotFailed().getBeanNames(RetryPolicies.class)
                        .containsExactly("myRetryPolicies"));
    }

    @Test
    void usesTheApplicationsDispatcherAndHandsCommitsToIt() {
        RecordingMessageSender sender = new RecordingMessageSender();
        OutboxContexts.h2().withBean("mySender", RecordingMessageSender.class, () -> sender)
                .withUserConfiguration(CustomDispatcherConfiguration.class)
                .run(context -> {
                    assertThat(context).hasNotFailed().getBeanNames(Dispatcher.class)
                            .containsExactly("myDispatcher");
                    assertThat(context.getBean(Dispatcher.class).isRunning()).isTrue();
                    SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");
                    OutboxContexts.awaitSent(context, saved.id());
                    assertThat(sender.received()).hasSize(1);
                });
    }

    @Test
    void usesTheApplicationsTemplate() {
        this.runner.withUserConfiguration(CustomTemplateConfiguration.class)
                .run(context -> assertThat(context).hasNotFailed().getBeanNames(OutboxTemplate.class)
                        .containsExactly("myTemplate"));
    }

    @Configuration(proxyBeanMethods = false)
    static class CustomStoreConfiguration {

        @Bean
        OutboxStore myStore(DataSource dataSource) {
            return OutboxStore.builder(dataSource).databaseType(DatabaseType.H2).outboxTable("custom_outbox").build();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class SchemaInitializerConfiguration {

        @Bean
        OutboxSchemaInitializer mySchema(DataSource dataSource) {
            return new OutboxSchemaInitializer(OutboxStore.builder(dataSource).outboxTable("my_outbox").build());
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class CustomDispatcherConfiguration {

        @Bean
        Dispatcher myDispatcher(OutboxStore store, RecordingMessageSender mySender) {
            return Dispatcher.builder(store, MessageRoutes.to(mySender)).build();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class CustomTemplateConfiguration {

        @Bean
        OutboxTemplate myTemplate(OutboxStore store) {
            return OutboxTemplate.builder(store).build();
        }
    }
}
