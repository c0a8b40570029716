/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.tracing;

import java.util.Map;

import dev.outbox.observation.SendObservationContext;
import dev.outbox.spi.OutgoingMessage;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.TracingAwareMeterObservationHandler;
import io.micrometer.tracing.propagation.Propagator;
import io.micrometer.tracing.test.simple.SimpleTracer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

class OutboxTracingObservationHandlerTests {

    /**
     * Spring Boot wraps the meter handler in a {@link TracingAwareMeterObservationHandler} when tracing is on, and it
     * requires a tracing context of every observation: an untraced message's send once failed on its stop, so that
     * every send of a message saved outside a trace counted as failed and was sent again.
     */
    @Test
    void anUntracedSendStopsUnderSpringBootsTracingAwareMeterHandler() {
        SimpleTracer tracer = new SimpleTracer();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new OutboxTracingObservationHandler(tracer, Propagator.NOOP))
                .observationHandler(new TracingAwareMeterObservationHandler<>(
                        new DefaultMeterObservationHandler(meters), tracer));
        OutgoingMessage untraced = new OutgoingMessage(1, "order-1", "order.created", "orders", null, Map.of(), "{}",
                1);
        Observation send = Observation.createNotStarted("outbox.send", () -> new SendObservationContext(untraced),
                registry);

        assertThatNoException().isThrownBy(() -> send.start().stop());
        assertThat(meters.find("outbox.send").timer()).isNotNull();
        assertThat(tracer.getSpans()).isEmpty();
    }
}
