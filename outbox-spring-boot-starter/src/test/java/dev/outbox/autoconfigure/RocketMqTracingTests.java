/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.concurrent.atomic.AtomicReference;

import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.message.SaveResult;
import dev.outbox.testing.TestDatabase;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.exporter.FinishedSpan;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.context.ApplicationContext;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One trace from a request into a RocketMQ consumer, with OpenTelemetry and with Brave: a request saves an order
 * to a MariaDB outbox, the dispatcher sends it to the name server and broker in the test JVM, and a RocketMQ
 * consumer reads it and consumes it through the inbox with the message's user properties as the headers. The
 * consumer's span is a child of the outbox's send span, in the request's trace, and is current in its logic.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RocketMqTracingTests {

    private static final String TOPIC = "outbox-traced";

    private RocketMqTestBroker rocketMq;

    private TestDatabase database;

    @BeforeAll
    void startBroker() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "rocketmq_tracing");
        this.rocketMq = RocketMqTestBroker.get();
        this.rocketMq.createTopic(TOPIC, 1);
    }

    @AfterAll
    void closeDatabase() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @ParameterizedTest
    @EnumSource(TracingBridge.class)
    void theConsumersSpanIsAChildOfTheSendInTheTraceOfTheRequestThatSavedTheOrder(TracingBridge bridge) {
        RecordedSpans spans = new RecordedSpans();
        bridge.on(RocketMqContexts.runner(this.database, this.rocketMq.nameServerAddress()), spans).run(context -> {
            ObservationRegistry registry = context.getBean(ObservationRegistry.class);
            SaveResult saved = Observation.createNotStarted("http.server.requests", registry)
                    .contextualName("POST /orders").observe(() -> OutboxContexts.save(context,
                            outbox -> outbox.save("order.created", "order-traced-" + bridge, TOPIC, "{}")));
            OutboxContexts.awaitSent(context, saved.id());

            MessageExt message = this.rocketMq.consume(TOPIC, 1).stream()
                    .filter(received -> RocketMqContexts.outboxId(received) == saved.id()).findFirst().orElseThrow();
            Span current = consumeThroughTheInbox(context, message);

            FinishedSpan request = spans.await("POST /orders");
            FinishedSpan send = spans.await("send " + TOPIC);
            FinishedSpan process = spans.awaitId(current.context().spanId());
            assertThat(process.getName()).isEqualTo("process shipping");
            assertThat(send.getTraceId()).isEqualTo(request.getTraceId());
            assertThat(process.getTraceId()).isEqualTo(request.getTraceId());
            assertThat(process.getParentId()).as("the consumer's parent is the outbox's send")
                    .isEqualTo(send.getSpanId());
            assertThat(process.getKind()).isEqualTo(Span.Kind.CONSUMER);
        });
    }

    /**
     * @return the span current in the inbox's logic
     */
    private static Span consumeThroughTheInbox(ApplicationContext context, MessageExt message) {
        Inbox inbox = context.getBean(Inbox.class);
        Tracer tracer = context.getBean(Tracer.class);
        AtomicReference<Span> current = new AtomicReference<>();
        new TransactionTemplate(context.getBean(PlatformTransactionManager.class)).executeWithoutResult(
                status -> inbox.consume("shipping", message.getMsgId(), message.getTags(), message.getProperties(),
                        () -> {
                            current.set(tracer.currentSpan());
                            return null;
                        }));
        assertThat(current.get()).as("a span is current in the consumer's logic").isNotNull();
        return current.get();
    }
}
