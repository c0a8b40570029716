/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.outbox.SaveResult;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.testing.TestDatabase;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static dev.outbox.autoconfigure.KafkaTestRecords.headers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One trace end to end, through Spring Boot's OpenTelemetry tracing with an in-memory span exporter: a request
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

    private ApplicationContextRunner runner(InMemorySpanExporter exporter) {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class,
                        OutboxKafkaAutoConfiguration.class, ObservationAutoConfiguration.class,
                        OpenTelemetrySdkAutoConfiguration.class, OpenTelemetryTracingAutoConfiguration.class,
                        MicrometerTracingAutoConfiguration.class, OutboxTracingAutoConfiguration.class))
                .withBean(InMemorySpanExporter.class, () -> exporter)
                .withPropertyValues("spring.kafka.bootstrap-servers=" + this.kafka.getBrokersAsString(),
                        "management.tracing.sampling.probability=1.0",
                        "management.opentelemetry.tracing.export.schedule-delay=100ms",
                        "outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms");
    }

    @Test
    void theConsumersSpanJoinsTheTraceOfTheRequestThatSavedTheOrderWithTheSendBetween() {
        InMemorySpanExporter exporter = InMemorySpanExporter.create();
        runner(exporter).run(context -> {
            ObservationRegistry registry = context.getBean(ObservationRegistry.class);
            SaveResult saved = Observation.createNotStarted("http.server.requests", registry)
                    .contextualName("POST /orders").observe(() -> save(context, "order-traced"));
            OutboxContexts.awaitSent(context, saved.id());

            ConsumerRecord<String, String> record = consume(saved.id());
            Map<String, String> headers = headers(record);
            consumeThroughTheInbox(context, record, headers);

            SpanData request = awaitSpan(exporter, "POST /orders");
            SpanData create = awaitSpan(exporter, "create " + TOPIC);
            SpanData send = awaitSpan(exporter, "send " + TOPIC);
            SpanData process = awaitSpan(exporter, "process shipping");
            assertThat(List.of(create, send, process)).extracting(SpanData::getTraceId)
                    .containsOnly(request.getTraceId());
            assertThat(create.getParentSpanId()).isEqualTo(request.getSpanId());
            assertThat(send.getParentSpanId()).isEqualTo(create.getSpanId());
            assertThat(process.getParentSpanId()).isEqualTo(send.getSpanId());
            assertThat(send.getKind()).isEqualTo(SpanKind.PRODUCER);
            assertThat(process.getKind()).isEqualTo(SpanKind.CONSUMER);
            assertThat(headers.get("traceparent")).as("the record carries the send's context")
                    .isEqualTo("00-" + send.getTraceId() + "-" + send.getSpanId() + "-01");
        });
    }

    @Test
    void anOrderSavedOutsideAnyTraceReachesKafkaWithoutTraceHeaders() {
        InMemorySpanExporter exporter = InMemorySpanExporter.create();
        runner(exporter).run(context -> {
            SaveResult saved = save(context, "order-untraced");
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

    private static SpanData awaitSpan(InMemorySpanExporter exporter, String name) {
        await().atMost(PATIENCE).until(() -> spanNamed(exporter, name).isPresent());
        return spanNamed(exporter, name).orElseThrow();
    }

    private static Optional<SpanData> spanNamed(InMemorySpanExporter exporter, String name) {
        return exporter.getFinishedSpanItems().stream().filter(span -> name.equals(span.getName())).findFirst();
    }
}
