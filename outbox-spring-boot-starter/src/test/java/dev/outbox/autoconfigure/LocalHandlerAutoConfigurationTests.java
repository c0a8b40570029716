/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.outbox.OutboxTemplate;
import dev.outbox.consumer.pull.MessagePuller;
import dev.outbox.consumer.pull.ReceivedMessage;
import dev.outbox.handler.OutboxHandler;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.message.StoredMessage;
import dev.outbox.spi.MessageHandler;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * Local handlers, fallbacks and the pull consumer as the starter wires them: {@link OutboxHandler}
 * methods and {@link MessageHandler} beans named in {@code outbox.routes}, and the configuration
 * errors a user can make.
 */
class LocalHandlerAutoConfigurationTests {

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withPropertyValues("outbox.retry.initial-delay=10ms", "outbox.retry.jitter=0");

    @Test
    void annotatedMethodHandlesItsTypeWithTheBodyReadIntoItsParameterAndMayUseTheOutbox() {
        this.runner.withUserConfiguration(InvoiceHandlers.class).run(context -> {
            assertThat(context).hasNotFailed();
            SaveResult saved = OutboxContexts.save(context, outbox -> outbox.save("invoice.requested", "o-1",
                    "invoices", new InvoiceRequest("o-1", 42)));

            StoredMessage handled = awaitState(context, saved.id(), MessageState.CONSUMED);

            assertThat(handled.brokerMessageId()).isEqualTo("local:invoiceHandlers.issue");
            assertThat(context.getBean(InvoiceHandlers.class).requests).containsExactly(new InvoiceRequest("o-1", 42));
            StoredMessage followUp = context.getBean(OutboxTemplate.class).find(saved.id() + 1).orElseThrow();
            assertThat(followUp.messageType()).as("the handler saved in the handler's transaction")
                    .isEqualTo("invoice.issued");
            assertThat(awaitState(context, followUp.id(), MessageState.CONSUMED).brokerMessageId())
                    .isEqualTo("local:audit");
        });
    }

    @Test
    void routeNamesAMessageHandlerBeanAndNeedsNoSender() {
        List<OutgoingMessage> received = new CopyOnWriteArrayList<>();
        this.runner.withBean("mailer", MessageHandler.class, () -> received::add)
                .withPropertyValues("outbox.routes[mail.requested].handler=mailer").run(context -> {
                    assertThat(context).hasNotFailed();
                    SaveResult saved = OutboxContexts.save(context, "mail.requested", "m-1", "hello");

                    assertThat(awaitState(context, saved.id(), MessageState.CONSUMED).brokerMessageId())
                            .isEqualTo("local:mailer");
                    assertThat(received).singleElement().satisfies(message -> assertThat(message.body())
                            .isEqualTo("hello"));
                });
    }

    @Test
    void fallbackHandlerTakesOverWhenTheBrokerKeepsFailing() {
        List<OutgoingMessage> degraded = new CopyOnWriteArrayList<>();
        MessageSender brokenBroker = message -> CompletableFuture.failedFuture(new IllegalStateException("down"));
        this.runner.withBean("broker", MessageSender.class, () -> brokenBroker)
                .withBean("auditLog", MessageHandler.class, () -> degraded::add)
                .withPropertyValues("outbox.routes[order.created].fallback-handler=auditLog",
                        "outbox.routes[order.created].fallback-after=2")
                .run(context -> {
                    SaveResult saved = OutboxContexts.save(context, "order.created", "o-1", "{}");

                    StoredMessage row = awaitState(context, saved.id(), MessageState.CONSUMED);

                    assertThat(row.brokerMessageId()).isEqualTo("fallback:auditLog");
                    assertThat(row.retryCount()).isEqualTo(2);
                    assertThat(degraded).singleElement().satisfies(message -> assertThat(message.attempt())
                            .isEqualTo(3));
                });
    }

    @Test
    void pulledTopicsGetAPullerAndTheDispatcherLeavesThemAlone() {
        RecordingMessageSender sender = new RecordingMessageSender();
        this.runner.withBean("sender", MessageSender.class, () -> sender)
                .withPropertyValues("outbox.pull.topics=jobs", "outbox.pull.lease=1m").run(context -> {
                    MessagePuller puller = context.getBean(MessagePuller.class);
                    SaveResult job = OutboxContexts.save(context,
                            outbox -> outbox.save("report.requested", "r-1", "jobs", "{}"));
                    SaveResult order = OutboxContexts.save(context, "order.created", "o-1", "{}");
                    OutboxContexts.awaitSent(context, order.id());

                    List<ReceivedMessage> received = puller.receive("jobs", 10);

                    assertThat(received).extracting(ReceivedMessage::id).containsExactly(job.id());
                    assertThat(sender.received()).extracting(OutgoingMessage::id).containsExactly(order.id());
                    assertThat(puller.ack(received.get(0))).isTrue();
                    assertThat(OutboxContexts.stored(context, job.id()).state()).isEqualTo(MessageState.CONSUMED);
                });
    }

    @Test
    void withoutPulledTopicsThePullerReceivesOnlyTypesSwitchedToPull() {
        this.runner.withBean("sender", MessageSender.class, RecordingMessageSender::new)
                .run(context -> assertThatIllegalArgumentException()
                        .isThrownBy(() -> context.getBean(MessagePuller.class).receive("orders", 1))
                        .withMessageStartingWith("topic 'orders' is not pulled; the pulled topics are [] and no "
                                + "message type is switched to pull"));
    }

    @Test
    void aRouteToAnUnknownHandlerFailsNamingThePropertyAndTheHandlers() {
        this.runner.withUserConfiguration(InvoiceHandlers.class)
                .withPropertyValues("outbox.routes[mail.requested].handler=mailer")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure()))
                        .isEqualTo("outbox.routes[mail.requested].handler names 'mailer', which is neither a "
                                + "MessageHandler bean nor an @OutboxHandler method; the local handlers are [audit, "
                                + "invoiceHandlers.issue]"));
    }

    @Test
    void aTypeHandledLocallyCannotAlsoNameASenderOrATopic() {
        this.runner.withBean("mailer", MessageHandler.class, () -> message -> { })
                .withBean("sender", MessageSender.class, RecordingMessageSender::new)
                .withPropertyValues("outbox.routes[mail.requested].handler=mailer",
                        "outbox.routes[mail.requested].topic=mails")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure()))
                        .isEqualTo("outbox.routes[mail.requested].topic cannot be set together with "
                                + "outbox.routes[mail.requested].handler: a type handled locally never goes to a "
                                + "broker"));
    }

    @Test
    void aTypeOfAnAnnotatedHandlerCannotBeRoutedToASenderToo() {
        this.runner.withUserConfiguration(InvoiceHandlers.class)
                .withBean("sender", MessageSender.class, RecordingMessageSender::new)
                .withPropertyValues("outbox.routes[invoice.requested].sender=sender")
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure()))
                        .isEqualTo("outbox.routes[invoice.requested]: message type 'invoice.requested' cannot be "
                                + "routed to a sender: it goes to local handler 'invoiceHandlers.issue' already"));
    }

    @Test
    void invalidHandlerMethodsFailTheStartWithTheReason() {
        this.runner.withUserConfiguration(TwoParameterHandler.class)
                .run(context -> assertThat(rootMessage(context.getStartupFailure())).isEqualTo(
                        "@OutboxHandler method " + TwoParameterHandler.class.getName() + ".handle must take one "
                                + "parameter: the OutgoingMessage, the body as a String, or a type to read the JSON "
                                + "body into"));
        this.runner.withUserConfiguration(InvoiceHandlers.class, SecondInvoiceHandler.class)
                .run(context -> assertThat(rootMessage(context.getStartupFailure())).isEqualTo(
                        "message type 'invoice.requested' has two @OutboxHandler methods: 'invoiceHandlers.issue' "
                                + "and 'secondInvoiceHandler.issueAgain'; a type goes to one handler"));
    }

    private static StoredMessage awaitState(ApplicationContext context, long id, MessageState state) {
        await().atMost(Duration.ofSeconds(20)).until(() -> OutboxContexts.stored(context, id).state() == state);
        return OutboxContexts.stored(context, id);
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getMessage();
    }

    record InvoiceRequest(String order, int amount) {
    }

    @Configuration(value = "invoiceHandlers", proxyBeanMethods = false)
    static class InvoiceHandlers {

        final List<InvoiceRequest> requests = new CopyOnWriteArrayList<>();

        private final OutboxTemplate outbox;

        InvoiceHandlers(OutboxTemplate outbox) {
            this.outbox = outbox;
        }

        @OutboxHandler("invoice.requested")
        void issue(InvoiceRequest request) {
            this.requests.add(request);
            this.outbox.save("invoice.issued", request.order(), "invoices", "{}");
        }

        @OutboxHandler(value = "invoice.issued", name = "audit")
        void audit(OutgoingMessage message) {
        }
    }

    @Configuration(value = "secondInvoiceHandler", proxyBeanMethods = false)
    static class SecondInvoiceHandler {

        @OutboxHandler("invoice.requested")
        void issueAgain(String body) {
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class TwoParameterHandler {

        @OutboxHandler("invoice.requested")
        void handle(String body, String other) {
        }
    }

}
