/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.List;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;

/**
 * The W3C {@code traceparent} header for Micrometer's {@link io.micrometer.tracing.test.simple.SimpleTracer},
 * which comes without a propagator.
 */
final class W3cTestPropagator implements Propagator {

    static final String TRACEPARENT = "traceparent";

    private final Tracer tracer;

    W3cTestPropagator(Tracer tracer) {
        this.tracer = tracer;
    }

    @Override
    public List<String> fields() {
        return List.of(TRACEPARENT);
    }

    @Override
    public <C> void inject(TraceContext context, C carrier, Setter<C> setter) {
        setter.set(carrier, TRACEPARENT, "00-" + context.traceId() + "-" + context.spanId() + "-01");
    }

    @Override
    public <C> Span.Builder extract(C carrier, Getter<C> getter) {
        String traceparent = getter.get(carrier, TRACEPARENT);
        if (traceparent == null) {
            return this.tracer.spanBuilder().setNoParent();
        }
        String[] parts = traceparent.split("-");
        return this.tracer.spanBuilder().setParent(
                this.tracer.traceContextBuilder().traceId(parts[1]).spanId(parts[2]).sampled(true).build());
    }

    static String spanIdOf(String traceparent) {
        return traceparent.split("-")[2];
    }

    static String traceIdOf(String traceparent) {
        return traceparent.split("-")[1];
    }

    /**
     * Whether the flags have the sampled bit. The others vary: the OpenTelemetry SDK of Spring Boot 4.1 (1.62;
     * 4.0 has 1.55) also sets the random-trace-id flag of W3C Trace Context level 2, so a sampled span's flags
     * are 01 or 03.
     */
    static boolean sampled(String traceparent) {
        return (Integer.parseInt(traceparent.split("-")[3], 16) & 0x01) != 0;
    }
}
