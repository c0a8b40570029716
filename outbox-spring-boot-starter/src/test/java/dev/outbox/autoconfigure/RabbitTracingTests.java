/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import dev.outbox.message.SaveResult;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.sender.rabbit.autoconfigure.OutboxRabbitAutoConfiguration;
import dev.outbox.testing.TestDatabase;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.exporter.FinishedSpan;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One trace from a request into a real RabbitMQ listener, with OpenTelemetry and with Brave: a request saves an
 * order to a MariaDB outbox, the dispatcher publishes it to the real RabbitMQ, and a {@code @RabbitListener} of a
 * container with {@code spring.rabbitmq.listener.simple.observation-enabled=true} receives it. The listener's
 * span is a child of the outbox's send span, in the request's trace, and is current while the listener runs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RabbitTracingTests {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private RabbitTestBroker broker;

    private TestDatabase database;

    private RabbitTestQueue queue;

    @BeforeAll
    void declareQueue() {
        this.broker = RabbitTestBroker.require();
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "rabbit_tracing");
        this.queue = new RabbitTestQueue(this.broker, "outbox-traced");
    }

    @AfterAll
    void deleteQueue() {
        if (this.queue != null) {
            this.queue.close();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner(TracingBridge bridge, RecordedSpans spans) {
        return bridge.on(OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(RabbitAutoConfiguration.class,
                        OutboxRabbitAutoConfiguration.class)), spans)
                .withUserConfiguration(TracedListener.class)
                .withPropertyValues(this.broker.springProperties(this.broker.port()))
                .withPropertyValues("spring.rabbitmq.listener.simple.observation-enabled=true",
                        "test.queue=" + this.queue.queue(), "outbox.dispatcher.poll-interval=100ms",
                        "outbox.dispatcher.max-poll-interval=200ms");
    }

    @ParameterizedTest
    @EnumSource(TracingBridge.class)
    void theListenersSpanIsAChildOfTheSendInTheTraceOfTheRequestThatSavedTheOrder(TracingBridge bridge) {
        RecordedSpans spans = new RecordedSpans();
        runner(bridge, spans).run(context -> {
            Received received = receiveOrderSavedInRequest(context, "order-traced-" + bridge);
            FinishedSpan request = spans.await("POST /orders");
            FinishedSpan send = spans.await("send " + this.queue.exchange());
            FinishedSpan listener = spans.awaitId(received.spanId());
            assertThat(received.traceId()).isEqualTo(request.getTraceId());
            assertThat(send.getTraceId()).isEqualTo(request.getTraceId());
            assertThat(listener.getTraceId()).isEqualTo(request.getTraceId());
            assertThat(listener.getParentId()).as("the listener's parent is the outbox's send")
                    .isEqualTo(send.getSpanId());
            assertThat(listener.getKind()).isEqualTo(Span.Kind.CONSUMER);
        });
    }

    @ParameterizedTest
    @EnumSource(TracingBridge.class)
    void withTheTemplatesObservationOnTooTheListenerStaysInTheTraceOfTheRequest(TracingBridge bridge) {
        RecordedSpans spans = new RecordedSpans();
        runner(bridge, spans).withPropertyValues("spring.rabbitmq.template.observation-enabled=true").run(context -> {
            Received received = receiveOrderSavedInRequest(context, "order-template-traced-" + bridge);
            FinishedSpan request = spans.await("POST /orders");
            FinishedSpan send = spans.await("send " + this.queue.exchange());
            FinishedSpan listener = spans.awaitId(received.spanId());
            assertThat(listener.getTraceId()).isEqualTo(request.getTraceId());
            FinishedSpan publish = spans.awaitId(listener.getParentId());
            assertThat(publish.getKind()).as("the template's own span").isEqualTo(Span.Kind.PRODUCER);
            assertThat(publish.getParentId()).as("the template's span is a child of the outbox's send")
                    .isEqualTo(send.getSpanId());
        });
    }

    private Received receiveOrderSavedInRequest(ApplicationContext context, String key) throws InterruptedException {
        ObservationRegistry registry = context.getBean(ObservationRegistry.class);
        SaveResult saved = Observation.createNotStarted("http.server.requests", registry)
                .contextualName("POST /orders").observe(() -> save(context, key));
        return context.getBean(TracedListener.class).await(saved.id());
    }

    private SaveResult save(ApplicationContext context, String key) {
        return OutboxContexts.save(context, outbox -> outbox.save("order.created", key, this.queue.exchange(), "{}"));
    }

    /** What the listener saw while it ran: the message's outbox id and the current span. */
    record Received(long outboxId, String traceId, String spanId) {
    }

    /** An application's listener, which notes the span current while it runs. */
    @Configuration(proxyBeanMethods = false)
    static class TracedListener {

        private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();

        private final Tracer tracer;

        TracedListener(Tracer tracer) {
            this.tracer = tracer;
        }

        @RabbitListener(queues = "${test.queue}")
        void receive(Message message) {
            Span current = this.tracer.currentSpan();
            long id = Long.parseLong(String.valueOf(message.getMessageProperties().getHeaders().get(OutboxHeaders.ID)));
            this.received.add(new Received(id, (current != null) ? current.context().traceId() : "none",
                    (current != null) ? current.context().spanId() : "none"));
        }

        Received await(long outboxId) throws InterruptedException {
            long deadline = System.nanoTime() + PATIENCE.toNanos();
            while (System.nanoTime() < deadline) {
                Received next = this.received.poll(200, TimeUnit.MILLISECONDS);
                if (next != null && next.outboxId() == outboxId) {
                    return next;
                }
            }
            throw new AssertionError("the listener did not receive outbox message " + outboxId);
        }
    }
}
