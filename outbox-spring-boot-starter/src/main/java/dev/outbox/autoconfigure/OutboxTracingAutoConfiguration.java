/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.tracing.OutboxTracingObservationHandler;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;

/**
 * Auto-configures the {@link OutboxTracingObservationHandler} when the application has Micrometer Tracing, so
 * that the trace of a transaction that saves a message continues through its send and its consumers. Spring
 * Boot gives it to the observation registry ahead of its own tracing handlers. Off with
 * {@code outbox.observations.enabled=false}.
 */
@AutoConfiguration(afterName = {
        "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration",
        "org.springframework.boot.micrometer.tracing.brave.autoconfigure.BraveAutoConfiguration",
        "org.springframework.boot.micrometer.tracing.autoconfigure.NoopTracerAutoConfiguration",
        "org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration" })
@ConditionalOnClass({ Tracer.class, MicrometerTracingAutoConfiguration.class })
@ConditionalOnBean({ Tracer.class, Propagator.class })
@ConditionalOnBooleanProperty(name = "outbox.observations.enabled", matchIfMissing = true)
public final class OutboxTracingAutoConfiguration {

    /** Ahead of Spring Boot's propagating handlers, which would start a trace where the outbox continues one. */
    static final int HANDLER_ORDER = MicrometerTracingAutoConfiguration.RECEIVER_TRACING_OBSERVATION_HANDLER_ORDER - 100;

    OutboxTracingAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    @Order(HANDLER_ORDER)
    OutboxTracingObservationHandler outboxTracingObservationHandler(Tracer tracer, Propagator propagator) {
        return new OutboxTracingObservationHandler(tracer, propagator);
    }
}
