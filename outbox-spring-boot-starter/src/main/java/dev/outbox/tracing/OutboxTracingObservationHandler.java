/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.tracing;

import java.util.Map;

import dev.outbox.observation.ConsumeObservationContext;
import dev.outbox.observation.SaveObservationContext;
import dev.outbox.observation.SendObservationContext;
import io.micrometer.observation.Observation;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.handler.TracingObservationHandler;
import io.micrometer.tracing.propagation.Propagator;
import org.jspecify.annotations.Nullable;

/**
 * Turns the outbox's observations into spans that continue the trace of the transaction that saved a message,
 * and never start a trace of their own:
 * <ul>
 * <li>a save inside a trace is a span of it, whose context is saved in the message's headers
 * ({@code traceparent} and {@code tracestate}, or B3, as the {@link Propagator} writes them);</li>
 * <li>a send is a span whose parent is that saved context, and whose own context the message carries to the
 * broker, so that the consumer's span joins the trace;</li>
 * <li>a consumption (a local handler, a pull consumer, {@code Inbox.consume}) is a span whose parent is the
 * context its headers carry, or else the current span.</li>
 * </ul>
 * A message saved outside any trace gets no span and no trace header, and nor does its send.
 *
 * <p>Spring Boot registers it ahead of its own tracing handlers. Elsewhere, add it to the
 * {@link io.micrometer.observation.ObservationRegistry} before Micrometer's propagating handlers.
 */
public final class OutboxTracingObservationHandler implements TracingObservationHandler<Observation.Context> {

    private final Tracer tracer;

    private final Propagator propagator;

    /**
     * @param tracer the application's tracer
     * @param propagator writes and reads the trace context in message headers
     */
    public OutboxTracingObservationHandler(Tracer tracer, Propagator propagator) {
        this.tracer = tracer;
        this.propagator = propagator;
    }

    @Override
    public boolean supportsContext(Observation.Context context) {
        return context instanceof SaveObservationContext || context instanceof SendObservationContext
                || context instanceof ConsumeObservationContext;
    }

    @Override
    public void onStart(Observation.Context context) {
        Span span = null;
        if (context instanceof SaveObservationContext save) {
            span = saveSpan(save);
        }
        else if (context instanceof SendObservationContext send) {
            span = sendSpan(send);
        }
        else if (context instanceof ConsumeObservationContext consume) {
            span = consumeSpan(consume);
        }
        // The entry is made even for an untraced message: Spring Boot's TracingAwareMeterObservationHandler
        // requires it of every context a tracing handler took, and fails the observation's stop without it.
        TracingContext tracingContext = getTracingContext(context);
        if (span != null) {
            tracingContext.setSpan(span);
        }
    }

    private @Nullable Span saveSpan(SaveObservationContext context) {
        Span parent = parentOf(context);
        if (parent == null) {
            return null;
        }
        Span span = this.tracer.spanBuilder().setParent(parent.context()).kind(Span.Kind.PRODUCER).start();
        inject(span, context.getCarrier());
        return span;
    }

    private @Nullable Span sendSpan(SendObservationContext context) {
        if (!carriesTrace(context.savedHeaders())) {
            return null;
        }
        Span span = this.propagator.extract(context.savedHeaders(), Map::get).kind(Span.Kind.PRODUCER).start();
        inject(span, context.getCarrier());
        return span;
    }

    private @Nullable Span consumeSpan(ConsumeObservationContext context) {
        Map<String, String> headers = context.getCarrier();
        if (headers != null && carriesTrace(headers)) {
            return this.propagator.extract(headers, Map::get).kind(Span.Kind.CONSUMER).start();
        }
        Span parent = parentOf(context);
        return (parent != null) ? this.tracer.spanBuilder().setParent(parent.context()).kind(Span.Kind.CONSUMER)
                .start() : null;
    }

    /** The parent observation's span, or else the current span, as the default tracing handler's is. */
    private @Nullable Span parentOf(Observation.Context context) {
        Span parent = getParentSpan(context);
        return (parent != null) ? parent : this.tracer.currentSpan();
    }

    private void inject(Span span, @Nullable Map<String, String> carrier) {
        if (carrier != null) {
            this.propagator.inject(span.context(), carrier, Map::put);
        }
    }

    private boolean carriesTrace(Map<String, String> headers) {
        for (String field : this.propagator.fields()) {
            if (headers.containsKey(field)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void onScopeOpened(Observation.Context context) {
        if (traced(context)) {
            TracingObservationHandler.super.onScopeOpened(context);
        }
    }

    @Override
    public void onScopeClosed(Observation.Context context) {
        if (traced(context)) {
            TracingObservationHandler.super.onScopeClosed(context);
        }
    }

    // Micrometer 1.17 (Spring Boot 4.1) deprecates scope resets, with no replacement, but still calls this on one.
    @Override
    @SuppressWarnings("deprecation")
    public void onScopeReset(Observation.Context context) {
        if (traced(context)) {
            TracingObservationHandler.super.onScopeReset(context);
        }
    }

    @Override
    public void onEvent(Observation.Event event, Observation.Context context) {
        if (traced(context)) {
            TracingObservationHandler.super.onEvent(event, context);
        }
    }

    @Override
    public void onError(Observation.Context context) {
        if (traced(context)) {
            TracingObservationHandler.super.onError(context);
        }
    }

    @Override
    public void onStop(Observation.Context context) {
        if (!traced(context)) {
            return;
        }
        Span span = getRequiredSpan(context);
        span.name(getSpanName(context));
        tagSpan(context, span);
        endSpan(context, span);
    }

    private boolean traced(Observation.Context context) {
        return getTracingContext(context).getSpan() != null;
    }

    @Override
    public Tracer getTracer() {
        return this.tracer;
    }
}
