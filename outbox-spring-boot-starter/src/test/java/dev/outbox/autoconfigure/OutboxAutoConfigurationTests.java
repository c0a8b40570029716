/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import dev.outbox.Dispatcher;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.sender.LoggingMessageSender;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.PayloadSerializer;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class OutboxAutoConfigurationTests {

    private final ApplicationContextRunner runner = OutboxContexts.h2();

    @Test
    void createsTheOutboxOnTheApplicationsDataSource() {
        this.runner.withBean("testSender", MessageSender.class, RecordingMessageSender::new).run(context -> {
            assertThat(context).hasNotFailed()
                    .hasSingleBean(OutboxProperties.class)
                    .hasSingleBean(OutboxStore.class)
                    .hasSingleBean(OutboxSchemaInitializer.class)
                    .hasSingleBean(PayloadSerializer.class)
                    .hasSingleBean(OutboxMetrics.class)
                    .hasSingleBean(MessageRoutes.class)
                    .hasSingleBean(RetryPolicies.class)
                    .hasSingleBean(Dispatcher.class)
                    .hasSingleBean(OutboxDispatcherLifecycle.class)
                    .hasSingleBean(OutboxTemplate.class)
                    .doesNotHaveBean(LoggingMessageSender.class);
            assertThat(context.getBean(OutboxStore.class).databaseType()).isEqualTo(DatabaseType.H2);
            assertThat(context.getBean(OutboxMetrics.class)).isSameAs(OutboxMetrics.NONE);
        });
    }

    @Test
    void deliversACommittedMessageThroughTheOnlySenderBean() {
        RecordingMessageSender sender = new RecordingMessageSender();
        this.runner.withBean("testSender", MessageSender.class, () -> sender).run(context -> {
            SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "{\"id\":1}");

            OutboxContexts.awaitSent(context, saved.id());
            assertThat(sender.received()).singleElement().satisfies(message -> {
                assertThat(message.id()).isEqualTo(saved.id());
                assertThat(message.type()).isEqualTo("order.created");
                assertThat(message.body()).isEqualTo("{\"id\":1}");
            });
            assertThat(OutboxContexts.stored(context, saved.id()).brokerMessageId()).isEqualTo("test-" + saved.id());
        });
    }

    @Test
    void handsCommittedMessagesToTheDispatcherWithoutWaitingForAPoll() {
        RecordingMessageSender sender = new RecordingMessageSender();
        this.runner.withBean("testSender", MessageSender.class, () -> sender)
                .withPropertyValues("outbox.dispatcher.poll-interval=1h", "outbox.dispatcher.max-poll-interval=1h")
                .run(context -> {
                    // Started and idle: only the commit's hand-off can deliver this before the next poll in an hour.
                    assertThat(context.getBean(Dispatcher.class).isRunning()).isTrue();
                    SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");

                    OutboxContexts.awaitSent(context, saved.id());
                    assertThat(sender.received()).hasSize(1);
                });
    }

    @Test
    void stopsTheDispatcherWhenTheContextCloses() {
        Dispatcher[] dispatcher = new Dispatcher[1];
        this.runner.withBean("testSender", MessageSender.class, RecordingMessageSender::new).run(context -> {
            dispatcher[0] = context.getBean(Dispatcher.class);
            assertThat(dispatcher[0].isRunning()).isTrue();
        });
        assertThat(dispatcher[0].isRunning()).isFalse();
    }

    @Test
    void leavesTheDispatcherStoppedWithoutAutoStartupSoThatOnlyDispatchOnceDelivers() {
        RecordingMessageSender sender = new RecordingMessageSender();
        this.runner.withBean("testSender", MessageSender.class, () -> sender)
                .withPropertyValues("outbox.dispatcher.auto-startup=false").run(context -> {
                    Dispatcher dispatcher = context.getBean(Dispatcher.class);
                    assertThat(dispatcher.isRunning()).isFalse();
                    SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");

                    assertThat(sender.received()).isEmpty();
                    assertThat(dispatcher.dispatchOnce()).isEqualTo(1);
                    assertThat(sender.received()).singleElement()
                            .satisfies(message -> assertThat(message.id()).isEqualTo(saved.id()));
                    assertThat(OutboxContexts.stored(context, saved.id()).state()).isEqualTo(MessageState.SENT);
                });
    }

    @Test
    void createsNothingWhenTheOutboxIsDisabled() {
        this.runner.withBean("testSender", MessageSender.class, RecordingMessageSender::new)
                .withPropertyValues("outbox.enabled=false")
                .run(context -> assertThat(context).hasNotFailed()
                        .doesNotHaveBean(OutboxProperties.class)
                        .doesNotHaveBean(OutboxStore.class)
                        .doesNotHaveBean(OutboxSchemaInitializer.class)
                        .doesNotHaveBean(Dispatcher.class)
                        .doesNotHaveBean(OutboxTemplate.class));
    }

    @Test
    void createsNothingWithoutADataSource() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(OutboxAutoConfiguration.class))
                .withBean("testSender", MessageSender.class, RecordingMessageSender::new)
                .run(context -> assertThat(context).hasNotFailed()
                        .doesNotHaveBean(OutboxStore.class)
                        .doesNotHaveBean(Dispatcher.class)
                        .doesNotHaveBean(OutboxTemplate.class));
    }

    @Test
    void aWriteOnlyInstanceSavesWithoutDispatcherOrSenders() {
        this.runner.withPropertyValues("outbox.dispatcher.enabled=false").run(context -> {
            assertThat(context).hasNotFailed()
                    .doesNotHaveBean(Dispatcher.class)
                    .doesNotHaveBean(OutboxDispatcherLifecycle.class)
                    .doesNotHaveBean(MessageRoutes.class)
                    .doesNotHaveBean(RetryPolicies.class)
                    .hasSingleBean(OutboxTemplate.class);

            SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");

            assertThat(OutboxContexts.stored(context, saved.id()).state()).isEqualTo(MessageState.PENDING);
        });
    }

    @Test
    void failsClearlyWhenTheDispatcherIsEnabledWithoutAnySender() {
        this.runner.run(context -> assertThat(context).hasFailed()
                .getFailure()
                .rootCause()
                .hasMessageContaining("there is no MessageSender bean")
                .hasMessageContaining("add a broker sender")
                .hasMessageContaining("outbox.logging-sender.enabled")
                .hasMessageContaining("outbox.dispatcher.enabled=false"));
    }

    @Test
    void registersTheLoggingSenderOnlyWhenEnabled() {
        this.runner.withPropertyValues("outbox.logging-sender.enabled=true").run(context -> {
            assertThat(context).hasNotFailed().hasBean("loggingMessageSender");
            assertThat(context.getBean("loggingMessageSender")).isInstanceOf(LoggingMessageSender.class);

            SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");

            OutboxContexts.awaitSent(context, saved.id());
            assertThat(OutboxContexts.stored(context, saved.id()).brokerMessageId()).isEqualTo("log-" + saved.id());
        });
        this.runner.withBean("testSender", MessageSender.class, RecordingMessageSender::new)
                .run(context -> assertThat(context).doesNotHaveBean("loggingMessageSender"));
    }

    @Test
    void usesTheClockBeanNamedOutboxClock() {
        Instant fixed = Instant.parse("2030-01-02T03:04:05.678Z");
        this.runner.withPropertyValues("outbox.dispatcher.enabled=false")
                .withBean("outboxClock", Clock.class, () -> Clock.fixed(fixed, ZoneOffset.UTC))
                .run(context -> {
                    SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");

                    assertThat(OutboxContexts.stored(context, saved.id()).createdAt()).isEqualTo(fixed);
                });
    }

    @Test
    void ignoresClockBeansWithOtherNames() {
        Instant past = Instant.parse("2001-01-01T00:00:00Z");
        this.runner.withPropertyValues("outbox.dispatcher.enabled=false")
                .withBean("clock", Clock.class, () -> Clock.fixed(past, ZoneOffset.UTC))
                .run(context -> {
                    SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");

                    assertThat(OutboxContexts.stored(context, saved.id()).createdAt()).isAfter(past);
                });
    }
}
