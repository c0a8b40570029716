/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.Stream;

import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.consumer.pull.MessagePuller;
import dev.outbox.consumer.pull.ReceivedMessage;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.observation.SendObservationContext;
import dev.outbox.observation.SendObservationConvention;
import dev.outbox.spi.MessageHandler;
import dev.outbox.spi.MessageSender;
import dev.outbox.testing.TestDatabase;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import io.micrometer.tracing.test.simple.SimpleSpan;
import io.micrometer.tracing.test.simple.SimpleTracer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The trace of a transaction that saves a message, continued by the outbox through Spring Boot's Micrometer
 * Tracing auto-configuration with Micrometer's test tracer: into the saved headers, the send and the broker's
 * headers, local handlers, pull consumers and the inbox; and never started by the outbox itself. One thin
 * subclass per database; skipped where the server is not available.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractTracingTests {

    private static final String TRACEPARENT = W3cTestPropagator.TRACEPARENT;

    private TestDatabase database;

    protected abstract TestDatabase.Kind kind();

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(kind(), "tracing_" + kind().name().toLowerCase(Locale.ROOT));
    }

    @AfterAll
    void closeDatabase() {
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner(SimpleTracer tracer) {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class,
                        MicrometerTracingAutoConfiguration.class, OutboxTracingAutoConfiguration.class))
                .withBean(Tracer.class, () -> tracer)
                .withBean(Propagator.class, () -> new W3cTestPropagator(tracer));
    }

    @Test
    void theSaveTheSendAndTheBrokersHeadersContinueTheRequestsTrace() {
        SimpleTracer tracer = new SimpleTracer();
        RecordingMessageSender broker = new RecordingMessageSender();
        runner(tracer).withBean("broker", MessageSender.class, () -> broker).run(context -> {
            Traced<SaveResult> traced = inRequest(tracer, () -> save(context, "order.created", "o-1"));
            Span request = traced.request();
            SaveResult saved = traced.result();
            OutboxContexts.awaitSent(context, saved.id());
            SimpleSpan create = span(tracer, "create " + OutboxContexts.TOPIC);
            SimpleSpan send = awaitSendOf(tracer, saved.id());

            String savedTraceparent = OutboxContexts.stored(context, saved.id()).headers().get(TRACEPARENT);
            assertThat(create.getTraceId()).isEqualTo(request.context().traceId());
            assertThat(create.getParentId()).isEqualTo(request.context().spanId());
            assertThat(W3cTestPropagator.spanIdOf(savedTraceparent)).as("the save's context is saved with the row")
                    .isEqualTo(create.getSpanId());
            assertThat(send.getTraceId()).isEqualTo(request.context().traceId());
            assertThat(send.getParentId()).as("the send's parent is the saved context").isEqualTo(create.getSpanId());
            assertThat(send.getKind()).isEqualTo(Span.Kind.PRODUCER);
            assertThat(send.getTags()).containsEntry("type", "order.created")
                    .containsEntry("topic", OutboxContexts.TOPIC).containsEntry("outcome", "sent")
                    .containsEntry("outbox.message.id", Long.toString(saved.id()));
            String brokerTraceparent = broker.received().stream().filter(message -> message.id() == saved.id())
                    .findFirst().orElseThrow().headers().get(TRACEPARENT);
            assertThat(W3cTestPropagator.spanIdOf(brokerTraceparent))
                    .as("the broker's message carries the send's own context").isEqualTo(send.getSpanId());
        });
    }

    @Test
    void aMessageSavedOutsideAnyTraceIsSentWithoutTraceHeadersAndMakesNoSpan() {
        SimpleTracer tracer = new SimpleTracer();
        RecordingMessageSender broker = new RecordingMessageSender();
        runner(tracer).withBean("broker", MessageSender.class, () -> broker).run(context -> {
            SaveResult saved = save(context, "order.created", "o-untraced");

            OutboxContexts.awaitSent(context, saved.id());
            assertThat(OutboxContexts.stored(context, saved.id()).headers()).doesNotContainKey(TRACEPARENT);
            assertThat(broker.received()).filteredOn(message -> message.id() == saved.id()).singleElement()
                    .satisfies(message -> assertThat(message.headers()).doesNotContainKey(TRACEPARENT));
            assertThat(spans(tracer, "create " + OutboxContexts.TOPIC)).as("the save started no trace").isEmpty();
            assertThat(tracer.getSpans()).filteredOn(span -> Long.toString(saved.id())
                    .equals(span.getTags().get("outbox.message.id"))).as("nor did its send").isEmpty();
        });
    }

    @Test
    void aLocalHandlerRunsInTheSavedTraceAndItsSpanTellsTheOutcome() {
        SimpleTracer tracer = new SimpleTracer();
        List<String> traceIdsSeenByHandler = new CopyOnWriteArrayList<>();
        MessageHandler handler = message -> {
            traceIdsSeenByHandler.add(tracer.currentSpan().context().traceId());
            if (message.key().startsWith("bad")) {
                throw new IllegalStateException("refused " + message.key());
            }
        };
        runner(tracer).withBean("audit", MessageHandler.class, () -> handler)
                .withPropertyValues("outbox.routes[audit.requested].handler=audit",
                        "outbox.retry.max-attempts=1")
                .run(context -> {
                    Span request = inRequest(tracer, () -> {
                        save(context, "audit.requested", "good-1");
                        save(context, "audit.requested", "bad-1");
                        return null;
                    }).request();
                    await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(
                            spans(tracer, "process " + OutboxContexts.TOPIC)).hasSize(2));
                    assertThat(traceIdsSeenByHandler).containsOnly(request.context().traceId()).hasSize(2);
                    assertThat(spans(tracer, "process " + OutboxContexts.TOPIC))
                            .allSatisfy(span -> assertThat(span.getKind()).isEqualTo(Span.Kind.CONSUMER))
                            .extracting(span -> span.getTags().get("outcome"))
                            .containsExactlyInAnyOrder("consumed", "failed");
                    assertThat(spans(tracer, "process " + OutboxContexts.TOPIC))
                            .filteredOn(span -> "failed".equals(span.getTags().get("outcome"))).singleElement()
                            .satisfies(span -> assertThat(span.getError()).hasMessage("refused bad-1"));
                });
    }

    @Test
    void aPullConsumerContinuesTheTraceFromReceiveToAck() {
        SimpleTracer tracer = new SimpleTracer();
        runner(tracer).withBean("broker", MessageSender.class, RecordingMessageSender::new)
                .withPropertyValues("outbox.pull.topics=" + OutboxContexts.TOPIC).run(context -> {
                    Span request = inRequest(tracer, () -> {
                        save(context, "invoice.requested", "i-1");
                        return null;
                    }).request();
                    MessagePuller puller = context.getBean(MessagePuller.class);
                    // The table is shared by the class's tests: a message an earlier test's dispatcher left leased
                    // comes due again after its lease, so this one is picked by its key.
                    ReceivedMessage received = puller.receive(OutboxContexts.TOPIC, 10).stream()
                            .filter(message -> message.message().key().equals("i-1")).findFirst().orElseThrow();
                    String traceIdInScope = received.observation()
                            .observe(() -> tracer.currentSpan().context().traceId());
                    assertThat(puller.ack(received)).isTrue();

                    assertThat(traceIdInScope).isEqualTo(request.context().traceId());
                    SimpleSpan process = span(tracer, "process " + OutboxContexts.TOPIC);
                    assertThat(process.getParentId()).isEqualTo(span(tracer, "create " + OutboxContexts.TOPIC)
                            .getSpanId());
                    assertThat(process.getTags()).containsEntry("consumer", "pull").containsEntry("outcome",
                            "consumed");
                });
    }

    @Test
    void theInboxContinuesTheDeliverysTraceOrTheCurrentOneAndStartsNone() {
        SimpleTracer tracer = new SimpleTracer();
        runner(tracer).withPropertyValues("outbox.dispatcher.enabled=false").run(context -> {
            Inbox inbox = context.getBean(Inbox.class);
            TransactionTemplate transaction = new TransactionTemplate(
                    context.getBean(PlatformTransactionManager.class));
            String delivered = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

            transaction.executeWithoutResult(status -> inbox.consume("billing", "k-1", "payment.received",
                    Map.of(TRACEPARENT, delivered), () -> null));
            transaction.executeWithoutResult(status -> inbox.consume("billing", "k-1", "payment.received",
                    Map.of(TRACEPARENT, delivered), () -> null));
            Span listener = inRequest(tracer, () -> transaction.execute(status -> inbox.consume("billing", "k-2",
                    () -> null))).request();
            transaction.executeWithoutResult(status -> inbox.consume("billing", "k-3", () -> null));

            List<SimpleSpan> inboxSpans = spans(tracer, "process billing");
            assertThat(inboxSpans).hasSize(3);
            assertThat(inboxSpans.get(0).getTraceId()).isEqualTo(W3cTestPropagator.traceIdOf(delivered));
            assertThat(inboxSpans.get(0).getParentId()).isEqualTo(W3cTestPropagator.spanIdOf(delivered));
            assertThat(inboxSpans).extracting(span -> span.getTags().get("outcome"))
                    .containsExactly("consumed", "duplicate", "consumed");
            assertThat(inboxSpans.get(2).getParentId()).as("without headers, the current span is the parent")
                    .isEqualTo(listener.context().spanId());
            assertThat(inboxSpans).allSatisfy(span -> assertThat(span.getTags())
                    .containsEntry("consumer", "inbox").containsEntry("consumer.group", "billing"));
        });
    }

    @Test
    void aFailedSendIsASpanWithTheFailureAndTheFailedOutcome() {
        SimpleTracer tracer = new SimpleTracer();
        MessageSender refusing = message -> CompletableFuture.failedFuture(new IllegalStateException("nacked"));
        runner(tracer).withBean("broker", MessageSender.class, () -> refusing).run(context -> {
            SaveResult saved = inRequest(tracer, () -> save(context, "order.created", "o-refused")).result();
            SimpleSpan send = awaitSendOf(tracer, saved.id());
            assertThat(send.getTags()).containsEntry("outcome", "failed");
            assertThat(send.getError()).hasMessage("nacked");
            assertThat(OutboxContexts.stored(context, saved.id()).state()).isEqualTo(MessageState.PENDING);
        });
    }

    @Test
    void aConventionBeanRenamesTheSendsObservation() {
        SimpleTracer tracer = new SimpleTracer();
        SendObservationConvention convention = new SendObservationConvention() {
            @Override
            public String getContextualName(SendObservationContext context) {
                return "outbox publish " + context.message().type();
            }
        };
        runner(tracer).withBean("broker", MessageSender.class, RecordingMessageSender::new)
                .withBean(SendObservationConvention.class, () -> convention).run(context -> {
                    SaveResult saved = inRequest(tracer, () -> save(context, "order.created", "o-renamed")).result();
                    OutboxContexts.awaitSent(context, saved.id());
                    assertThat(awaitSendOf(tracer, saved.id()).getName()).isEqualTo("outbox publish order.created");
                });
    }

    @Test
    void observationsCanBeTurnedOff() {
        SimpleTracer tracer = new SimpleTracer();
        RecordingMessageSender broker = new RecordingMessageSender();
        runner(tracer).withBean("broker", MessageSender.class, () -> broker)
                .withPropertyValues("outbox.observations.enabled=false").run(context -> {
                    SaveResult saved = inRequest(tracer, () -> save(context, "order.created", "o-off")).result();
                    OutboxContexts.awaitSent(context, saved.id());
                    assertThat(broker.received()).filteredOn(message -> message.id() == saved.id()).singleElement()
                            .satisfies(message -> assertThat(message.headers()).doesNotContainKey(TRACEPARENT));
                    assertThat(tracer.getSpans()).extracting(SimpleSpan::getName).containsExactly("request");
                });
    }

    private static <T> Traced<T> inRequest(SimpleTracer tracer, Supplier<T> work) {
        Span request = tracer.nextSpan().name("request").start();
        try (Tracer.SpanInScope scope = tracer.withSpan(request)) {
            return new Traced<>(request, work.get());
        }
        finally {
            request.end();
        }
    }

    /** What ran in a request's span, and the span. */
    private record Traced<T>(Span request, T result) {
    }

    private static SaveResult save(ApplicationContext context, String type, String key) {
        return OutboxContexts.save(context, outbox -> outbox.save(type, key, OutboxContexts.TOPIC, "{}"));
    }

    private static List<SimpleSpan> spans(SimpleTracer tracer, String name) {
        return tracer.getSpans().stream().filter(span -> name.equals(span.getName())).toList();
    }

    private static SimpleSpan span(SimpleTracer tracer, String name) {
        List<SimpleSpan> spans = spans(tracer, name);
        assertThat(spans).as("spans named '%s' among %s", name, tracer.getSpans()).hasSize(1);
        return spans.get(0);
    }

    /** The send of one message: rows of earlier tests that are still due are sent too. */
    private static SimpleSpan awaitSendOf(SimpleTracer tracer, long id) {
        await().atMost(Duration.ofSeconds(20)).until(() -> sendsOf(tracer, id).findAny().isPresent());
        return sendsOf(tracer, id).findFirst().orElseThrow();
    }

    private static Stream<SimpleSpan> sendsOf(SimpleTracer tracer, long id) {
        return tracer.getSpans().stream().filter(span -> span.getKind() == Span.Kind.PRODUCER
                && Long.toString(id).equals(span.getTags().get("outbox.message.id")));
    }

    private static SimpleSpan awaitSpan(SimpleTracer tracer, String name) {
        await().atMost(Duration.ofSeconds(20)).until(() -> !spans(tracer, name).isEmpty());
        return spans(tracer, name).get(0);
    }
}
