/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.message.SaveResult;
import dev.outbox.metrics.MicrometerOutboxMetrics;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.spi.MessageSender;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class MetricsAutoConfigurationTests {

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withBean("testSender", MessageSender.class, RecordingMessageSender::new);

    @Test
    void countsSavedAndSentMessagesInTheApplicationsMeterRegistry() {
        this.runner.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
                SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class))
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(MeterRegistry.class);
                    assertThat(context.getBean(OutboxMetrics.class)).isInstanceOf(MicrometerOutboxMetrics.class);
                    MeterRegistry registry = context.getBean(MeterRegistry.class);

                    SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");
                    OutboxContexts.awaitSent(context, saved.id());

                    assertThat(registry.get("outbox.messages.saved").tag("type", "order.created").counter().count())
                            .isEqualTo(1.0);
                    await().untilAsserted(() -> assertThat(
                            registry.get("outbox.messages.sent").tag("type", "order.created").counter().count())
                            .isEqualTo(1.0));
                });
    }

    @Test
    void recordsNothingWithoutAMeterRegistry() {
        this.runner.run(context -> assertThat(context.getBean(OutboxMetrics.class)).isSameAs(OutboxMetrics.NONE));
    }

    @Test
    void recordsNothingWithoutMicrometer() {
        this.runner.withClassLoader(new FilteredClassLoader("io.micrometer.core")).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(OutboxMetrics.class)).isSameAs(OutboxMetrics.NONE);
            SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "created");
            OutboxContexts.awaitSent(context, saved.id());
        });
    }
}
