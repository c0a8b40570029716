/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.RetryDecision;
import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code outbox.routes.<type>.non-retryable} and {@code outbox.routes.<type>.dead-letter-topic}: bound, checked at
 * start, and composed with the application's {@link RetryDecision} bean.
 */
class PoisonMessageRoutingTests {

    private final List<OutgoingMessage> received = new CopyOnWriteArrayList<>();

    /**
     * Fails the messages whose key says how, on their own topic only, so that their dead letters get through:
     * {@code bad-body} with an IllegalArgumentException, {@code bad-schema} with an IllegalStateException, any other
     * {@code bad-} key with an UnsupportedOperationException.
     */
    private final MessageSender sender = message -> {
        if (message.key().startsWith("bad-") && !message.topic().endsWith(".DLT")) {
            return CompletableFuture.failedFuture(switch (message.key()) {
                case "bad-body" -> new IllegalArgumentException("cannot encode the body");
                case "bad-schema" -> new IllegalStateException("schema violation");
                default -> new UnsupportedOperationException("not now");
            });
        }
        this.received.add(message);
        return CompletableFuture.completedFuture("test-" + message.id());
    };

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withBean("sender", MessageSender.class, () -> this.sender)
            .withPropertyValues("outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms",
                    "outbox.retry.initial-delay=100ms", "outbox.retry.max-delay=200ms");

    @Test
    void aNonRetryableExceptionOrARefusalOfTheRetryDecisionBeanFailsAtOnceAndIsDeadLetteredToItsTopic() {
        this.runner.withBean(RetryDecision.class, () -> (message, error) -> !(error instanceof IllegalStateException))
                .withPropertyValues("outbox.routes[order.created].topic=orders",
                        "outbox.routes[order.created].non-retryable=java.lang.IllegalArgumentException",
                        "outbox.routes[order.created].dead-letter-topic=orders.DLT")
                .run(context -> {
                    long badBody = OutboxContexts.save(context, "order.created", "bad-body", "{}").id();
                    long badSchema = OutboxContexts.save(context, "order.created", "bad-schema", "{}").id();
                    long flaky = OutboxContexts.save(context, "order.created", "bad-flaky", "{}").id();
                    long good = OutboxContexts.save(context, "order.created", "good", "{}").id();

                    StoredMessage body = OutboxContexts.awaitFailed(context, badBody);
                    assertThat(body.retryCount()).isOne();
                    assertThat(body.failReason()).startsWith("java.lang.IllegalArgumentException: cannot encode");
                    assertThat(body.brokerMessageId()).isEqualTo("dead-letter:test-" + badBody);
                    StoredMessage schema = OutboxContexts.awaitFailed(context, badSchema);
                    assertThat(schema.retryCount()).isOne();
                    assertThat(schema.brokerMessageId()).isEqualTo("dead-letter:test-" + badSchema);
                    OutboxContexts.awaitSent(context, good);
                    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(
                            OutboxContexts.stored(context, flaky).retryCount()).isGreaterThan(1));
                    assertThat(OutboxContexts.stored(context, flaky).state()).isEqualTo(MessageState.PENDING);

                    OutgoingMessage deadLetter = this.received.stream().filter(message -> message.id() == badBody)
                            .findFirst().orElseThrow();
                    assertThat(deadLetter.topic()).as("not the route's topic").isEqualTo("orders.DLT");
                    assertThat(deadLetter.headers()).containsEntry(OutboxHeaders.ORIGINAL_TOPIC, OutboxContexts.TOPIC)
                            .containsEntry(OutboxHeaders.ATTEMPTS, "1")
                            .containsEntry(OutboxHeaders.DEAD_LETTER_REASON,
                                    "java.lang.IllegalArgumentException: cannot encode the body");
                });
    }

    @Test
    void aNonRetryableNameThatIsNoClassFailsTheStartNamingTheProperty() {
        this.runner.withPropertyValues("outbox.routes.payment.non-retryable[0]=java.lang.IllegalStateException",
                "outbox.routes.payment.non-retryable[1]=com.example.NoSuchException").run(context -> {
                    assertThat(OutboxContexts.outboxFailure(context.getStartupFailure())).isEqualTo(
                            "outbox.routes.payment.non-retryable[1] names 'com.example.NoSuchException', which is not a "
                                    + "class on the class path: name each exception by its fully qualified class "
                                    + "name, for example java.io.UncheckedIOException");
                    FailureAnalysis analysis = new InvalidOutboxPropertyFailureAnalyzer()
                            .analyze(context.getStartupFailure());
                    assertThat(analysis.getDescription()).contains("Origin: \"outbox.routes.payment.non-retryable[1]\"");
                    assertThat(analysis.getAction()).startsWith("Update outbox.routes.payment.non-retryable[1]");
                });
    }

    @Test
    void aNonRetryableClassThatIsNoExceptionFailsTheStartNamingTheListSetInOneValue() {
        this.runner.withPropertyValues("outbox.routes.payment.non-retryable=java.lang.String")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure())).isEqualTo(
                        "outbox.routes.payment.non-retryable names java.lang.String, which is not an exception "
                                + "(a subclass of java.lang.Throwable)"));
    }

    @Test
    void aDeadLetterTopicOfALocallyHandledTypeFailsTheStart() {
        this.runner.withBean("auditHandler", dev.outbox.spi.MessageHandler.class, () -> message -> {
        }).withPropertyValues("outbox.routes.audit.handler=auditHandler", "outbox.routes.audit.dead-letter-topic=dlt")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure())).isEqualTo(
                        "outbox.routes.audit.dead-letter-topic cannot be set together with outbox.routes.audit.handler: "
                                + "a type handled locally never goes to a broker"));
    }

    @Test
    void aDeadLetterTopicThatIsTheTypesOwnTopicFailsTheStart() {
        this.runner.withPropertyValues("outbox.routes.payment.topic=payments",
                "outbox.routes.payment.dead-letter-topic=payments")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure()))
                        .startsWith("outbox.routes.payment.dead-letter-topic is outbox.routes.payment.topic "
                                + "('payments')"));
    }
}
