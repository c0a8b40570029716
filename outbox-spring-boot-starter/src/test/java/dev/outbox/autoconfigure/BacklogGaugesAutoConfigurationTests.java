/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.admin.BacklogGauges;
import dev.outbox.message.MessageState;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * When the backlog gauges are registered, and that they are refreshed in the background from the start.
 */
class BacklogGaugesAutoConfigurationTests {

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withConfiguration(AutoConfigurations.of(OutboxAdminAutoConfiguration.class,
                    OutboxMetricsAutoConfiguration.class))
            .withPropertyValues("outbox.dispatcher.enabled=false");

    private final ApplicationContextRunner withRegistry = this.runner.withConfiguration(AutoConfigurations.of(
            MetricsAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
            CompositeMeterRegistryAutoConfiguration.class));

    @Test
    void refreshesTheGaugesAtStartAndThenEveryInterval() {
        this.withRegistry.withPropertyValues("outbox.metrics.backlog-gauges.refresh-interval=100ms").run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(BacklogGauges.class);
            await().untilAsserted(() -> assertThat(backlog(context, MessageState.PENDING)).isZero());

            OutboxContexts.save(context, "order.created", "order-1", "created");

            await().untilAsserted(() -> assertThat(backlog(context, MessageState.PENDING)).isEqualTo(1.0));
            assertThat(backlog(context, MessageState.FAILED)).isZero();
            assertThat(backlog(context, MessageState.SUSPENDED)).isZero();
            assertThat(context.getBean(MeterRegistry.class).get("outbox.oldest.due.age").gauge()).isNotNull();
        });
    }

    @Test
    void stopsRefreshingWhenTheContextCloses() {
        this.withRegistry.run(context -> {
            assertThat(context).hasSingleBean(BacklogGaugesRefresh.class);
            OutboxScheduler scheduler = context.getBean(OutboxScheduler.class);
            assertThat(scheduler.isRunning()).isTrue();
            context.close();
            assertThat(scheduler.isRunning()).isFalse();
        });
    }

    @Test
    void registersNoGaugesWhenDisabled() {
        this.withRegistry.withPropertyValues("outbox.metrics.backlog-gauges.enabled=false").run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(BacklogGauges.class)
                    .doesNotHaveBean(BacklogGaugesRefresh.class);
            assertThat(context.getBean(MeterRegistry.class).find("outbox.messages.backlog").gauges()).isEmpty();
        });
    }

    @Test
    void registersNoGaugesWithoutAMeterRegistry() {
        this.runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(BacklogGauges.class));
    }

    @Test
    void registersNoGaugesWithoutMicrometer() {
        this.runner.withClassLoader(new FilteredClassLoader("io.micrometer.core"))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(BacklogGauges.class));
    }

    @Test
    void registersNoGaugesWithoutTheOutbox() {
        this.withRegistry.withPropertyValues("outbox.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(BacklogGauges.class));
    }

    @Test
    void refusesARefreshIntervalThatIsNotPositive() {
        this.withRegistry.withPropertyValues("outbox.metrics.backlog-gauges.refresh-interval=0s")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure())).isEqualTo(
                        "outbox.metrics.backlog-gauges.refresh-interval must be positive, was PT0S"));
    }

    private static double backlog(ApplicationContext context, MessageState state) {
        return context.getBean(MeterRegistry.class).get("outbox.messages.backlog").tag("state", state.name()).gauge()
                .value();
    }
}
