/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.brave.autoconfigure.BraveAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The two Micrometer Tracing bridges that the README names, each as Spring Boot auto-configures it, with every
 * trace sampled and every finished span given to a {@link RecordedSpans}.
 */
enum TracingBridge {

    OPENTELEMETRY(AutoConfigurations.of(OpenTelemetrySdkAutoConfiguration.class,
            OpenTelemetryTracingAutoConfiguration.class)),

    BRAVE(AutoConfigurations.of(BraveAutoConfiguration.class));

    private final AutoConfigurations bridge;

    TracingBridge(AutoConfigurations bridge) {
        this.bridge = bridge;
    }

    /**
     * @param runner the application
     * @param spans where its finished spans go
     * @return the application with Boot's observation and tracing auto-configurations on this bridge and the
     * outbox's tracing handler
     */
    ApplicationContextRunner on(ApplicationContextRunner runner, RecordedSpans spans) {
        return runner.withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class,
                        MicrometerTracingAutoConfiguration.class, OutboxTracingAutoConfiguration.class))
                .withConfiguration(this.bridge)
                .withBean(RecordedSpans.class, () -> spans)
                .withPropertyValues("management.tracing.sampling.probability=1.0",
                        "management.opentelemetry.tracing.export.schedule-delay=100ms");
    }
}
