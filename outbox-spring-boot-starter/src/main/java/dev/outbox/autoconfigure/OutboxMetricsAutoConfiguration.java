/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;

import dev.outbox.admin.BacklogGauges;
import dev.outbox.admin.OutboxAdmin;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * Auto-configures the outbox's backlog gauges ({@link BacklogGauges}) in the application's {@link MeterRegistry},
 * refreshed from {@link OutboxAdmin#backlog()} in the background every
 * {@code outbox.metrics.backlog-gauges.refresh-interval}. Off with
 * {@code outbox.metrics.backlog-gauges.enabled=false}. The counters and the delivery timer are configured by
 * {@link OutboxAutoConfiguration}.
 */
@AutoConfiguration(after = OutboxAdminAutoConfiguration.class,
        afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
                "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ OutboxAdmin.class, MeterRegistry.class })
@ConditionalOnBooleanProperty(name = "outbox.metrics.backlog-gauges.enabled", matchIfMissing = true)
@Import({ OutboxClockConfiguration.class, StoreBacklogGaugesRegistrar.class })
public final class OutboxMetricsAutoConfiguration {

    OutboxMetricsAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnSingleCandidate(OutboxAdmin.class)
    BacklogGauges outboxBacklogGauges(OutboxAdmin admin, MeterRegistry registry,
            @Qualifier(OutboxAutoConfiguration.CLOCK_BEAN_NAME) Clock clock) {
        return new BacklogGauges(admin.storeName(), admin::backlog, clock, registry);
    }

    @Bean
    BacklogGaugesRefresh outboxBacklogGaugesRefresh(ObjectProvider<BacklogGauges> gauges,
            OutboxProperties properties) {
        return new BacklogGaugesRefresh(gauges.orderedStream().toList(),
                properties.getMetrics().getBacklogGauges().getRefreshInterval());
    }
}
