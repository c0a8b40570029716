/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

import dev.outbox.observation.OutboxObservations;
import dev.outbox.tracing.OutboxTracingObservationHandler;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;

/**
 * A real tracer for W: OpenTelemetry's SDK, sampling every trace and exporting in batches to an exporter that
 * counts the spans and drops them, behind Micrometer's bridge and the outbox's tracing handler. Each business
 * transaction runs in a request observation, as a web request's would.
 */
final class TracedWrites implements AutoCloseable {

    private final SdkTracerProvider tracerProvider;

    private final ObservationRegistry registry = ObservationRegistry.create();

    private final LongAdder exported = new LongAdder();

    TracedWrites() {
        this.tracerProvider = SdkTracerProvider.builder().setSampler(Sampler.alwaysOn())
                .addSpanProcessor(BatchSpanProcessor.builder(new CountingExporter(this.exported)).build()).build();
        Tracer otel = this.tracerProvider.get("outbox-benchmark");
        OtelTracer tracer = new OtelTracer(otel, new OtelCurrentTraceContext(), event -> {
        });
        OtelPropagator propagator = new OtelPropagator(
                ContextPropagators.create(W3CTraceContextPropagator.getInstance()), otel);
        this.registry.observationConfig().observationHandler(new ObservationHandler.FirstMatchingCompositeObservationHandler(
                new OutboxTracingObservationHandler(tracer, propagator), new DefaultTracingObservationHandler(tracer)));
    }

    OutboxObservations observations() {
        return OutboxObservations.of(this.registry);
    }

    /**
     * @return the transaction, run in a request observation of its own
     */
    LongConsumer inRequest(LongConsumer transaction) {
        return n -> Observation.createNotStarted("request", this.registry).observe(() -> transaction.accept(n));
    }

    /**
     * @return the spans exported so far, after a flush
     */
    long exportedSpans() {
        this.tracerProvider.forceFlush().join(10, TimeUnit.SECONDS);
        return this.exported.sum();
    }

    @Override
    public void close() {
        this.tracerProvider.close();
    }

    private record CountingExporter(LongAdder exported) implements SpanExporter {

        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            this.exported.add(spans.size());
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }
}
