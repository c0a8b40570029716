/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.message.SaveResult;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.sender.kafka.autoconfigure.OutboxKafkaAutoConfiguration;
import dev.outbox.testing.TestDatabase;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.exporter.FinishedSpan;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static dev.outbox.autoconfigure.KafkaTestRecords.headers;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One trace end to end, through Spring Boot's tracing with OpenTelemetry and with Brave: a request
 * saves an order to a MariaDB outbox, the dispatcher sends it to an in-process KRaft broker, and a Kafka
 * consumer consumes it through the inbox. The request's span, the save's, the send's and the consumer's are one
 * trace, each the parent of the next.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KafkaTracingTests {

    private static final String TOPIC = "outbox-traced";

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private EmbeddedKafkaKraftBroker kafka;

    private TestDatabase database;

    @BeforeAll
    void startBroker() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "kafka_tracing");
        this.kafka = new EmbeddedKafkaKraftBroker(1, 1, TOPIC);
        this.kafka.afterPropertiesSet();
    }

    @AfterAll
    void stopBroker() {
        if (this.kafka != null) {
            this.kafka.destroy();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner(TracingBridge bridge, RecordedSpans spans) {
        return bridge.on(OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class,
                        OutboxKafkaAutoConfiguration.class)), spans)
                .withPropertyValues("spring.kafka.bootstrap-servers=" + this.kafka.getBrokersAsString(),
                        "outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms");
    }

    @ParameterizedTest
    @EnumSource(TracingBridge.class)
    void theConsumersSpanJoinsTheTraceOfTheRequestThatSavedTheOrderWithTheSendBetween(TracingBridge bridge) {
        RecordedSpans spans = new RecordedSpans();
        runner(bridge, spans).run(context -> {
            ObservationRegistry registry = context.getBean(ObservationRegistry.class);
            SaveResult saved = Observation.createNotStarted("http.server.requests", registry)
                    .contextualName("POST /orders").observe(() -> save(context, "order-traced-" + bridge));
            OutboxContexts.awaitSent(context, saved.id());

            ConsumerRecord<String, String> record = consume(saved.id());
            Map<String, String> headers = headers(record);
            consumeThroughTheInbox(context, record, headers);

            FinishedSpan request = spans.await("POST /orders");
            FinishedSpan create = spans.await("create " + TOPIC);
            FinishedSpan send = spans.await("send " + TOPIC);
            FinishedSpan process = spans.await("process shipping");
            assertThat(List.of(create, send, process)).extracting(FinishedSpan::getTraceId)
                    .containsOnly(request.getTraceId());
            assertThat(create.getParentId()).isEqualTo(request.getSpanId());
            assertThat(send.getParentId()).isEqualTo(create.getSpanId());
            assertThat(process.getParentId()).isEqualTo(send.getSpanId());
            assertThat(send.getKind()).isEqualTo(Span.Kind.PRODUCER);
            assertThat(process.getKind()).isEqualTo(Span.Kind.CONSUMER);
            String traceparent = headers.get("traceparent");
            assertThat(W3cTestPropagator.traceIdOf(traceparent)).isEqualTo(send.getTraceId());
            assertThat(W3cTestPropagator.spanIdOf(traceparent)).as("the record carries the send's context")
                    .isEqualTo(send.getSpanId());
            assertThat(W3cTestPropagator.sampled(traceparent)).as("sampled: %s", traceparent).isTrue();
        });
    }

    @ParameterizedTest
    @EnumSource(TracingBridge.class)
    void withTheTemplatesObservationOnTheTemplatesSpanIsBetweenTheSendAndTheConsumer(TracingBridge bridge) {
        RecordedSpans spans = new RecordedSpans();
        runner(bridge, spans).withPropertyValues("spring.kafka.template.observation-enabled=true").run(context -> {
            ObservationRegistry registry = context.getBean(ObservationRegistry.class);
            SaveResult saved = Observation.createNotStarted("http.server.requests", registry)
                    .contextualName("POST /orders").observe(() -> save(context, "order-template-traced-" + bridge));
            OutboxContexts.awaitSent(context, saved.id());
            ConsumerRecord<String, String> record = consume(saved.id());
            consumeThroughTheInbox(context, record, headers(record));

            FinishedSpan request = spans.await("POST /orders");
            FinishedSpan send = spans.await("send " + TOPIC);
            FinishedSpan process = spans.await("process shipping");
            assertThat(process.getTraceId()).isEqualTo(request.getTraceId());
            FinishedSpan publish = spans.awaitId(process.getParentId());
            assertThat(publish.getKind()).as("the template's own span").isEqualTo(Span.Kind.PRODUCER);
            assertThat(publish.getParentId()).as("the template's span is a child of the outbox's send")
                    .isEqualTo(send.getSpanId());
        });
    }

    @ParameterizedTest
    @EnumSource(TracingBridge.class)
    void anOrderSavedOutsideAnyTraceReachesKafkaWithoutTraceHeaders(TracingBridge bridge) {
        runner(bridge, new RecordedSpans()).run(context -> {
            SaveResult saved = save(context, "order-untraced-" + bridge);
            OutboxContexts.awaitSent(context, saved.id());

            assertThat(headers(consume(saved.id()))).containsKey(OutboxHeaders.ID)
                    .doesNotContainKeys("traceparent", "tracestate");
            assertThat(OutboxContexts.stored(context, saved.id()).headers()).doesNotContainKey("traceparent");
        });
    }

    private static SaveResult save(ApplicationContext context, String key) {
        return OutboxContexts.save(context, outbox -> outbox.save("order.created", key, TOPIC, "{\"order\":1}"));
    }

    private static void consumeThroughTheInbox(ApplicationContext context, ConsumerRecord<String, String> record,
            Map<String, String> headers) {
        Inbox inbox = context.getBean(Inbox.class);
        new TransactionTemplate(context.getBean(PlatformTransactionManager.class)).executeWithoutResult(
                status -> inbox.consume("shipping", headers.get(OutboxHeaders.ID), headers.get(OutboxHeaders.TYPE),
                        headers, () -> null));
    }

    private ConsumerRecord<String, String> consume(long outboxId) {
        return KafkaTestRecords.find(this.kafka.getBrokersAsString(), TOPIC, outboxId, PATIENCE);
    }
}
