/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import io.micrometer.tracing.exporter.FinishedSpan;
import io.micrometer.tracing.exporter.SpanReporter;
import org.awaitility.Awaitility;

/**
 * The spans an application finished, as Micrometer reports them with either bridge: a {@link SpanReporter} bean,
 * which Spring Boot gives to Brave's span handler and to OpenTelemetry's span processor.
 */
final class RecordedSpans implements SpanReporter {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private final List<FinishedSpan> spans = new CopyOnWriteArrayList<>();

    @Override
    public void report(FinishedSpan span) {
        this.spans.add(span);
    }

    @Override
    public void close() {
    }

    /**
     * @param name the span's name
     * @return the first finished span of that name, once there is one
     */
    FinishedSpan await(String name) {
        return await(span -> name.equals(span.getName()));
    }

    /**
     * @param spanId the span's id, as the tracer gave it while it was current
     * @return that span, once it finished
     */
    FinishedSpan awaitId(String spanId) {
        return await(span -> spanId.equals(span.getSpanId()));
    }

    private FinishedSpan await(Predicate<FinishedSpan> test) {
        Awaitility.await().atMost(PATIENCE).until(() -> find(test).isPresent());
        return find(test).orElseThrow();
    }

    private Optional<FinishedSpan> find(Predicate<FinishedSpan> test) {
        return this.spans.stream().filter(test).findFirst();
    }

    @Override
    public String toString() {
        return this.spans.toString();
    }
}
