/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.handler;

import java.util.List;

import dev.outbox.spi.OutgoingMessage;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.annotation.ReflectiveRuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hints {@link OutboxHandler} gives a bean's handler methods through {@code @Reflective}, as Spring's AOT
 * processing of the bean factory collects them: each method may be invoked, and the type the body is read into
 * may be bound by Jackson.
 */
class OutboxHandlerReflectiveProcessorTests {

    private final RuntimeHints hints = new RuntimeHints();

    OutboxHandlerReflectiveProcessorTests() {
        new ReflectiveRuntimeHintsRegistrar().registerRuntimeHints(this.hints, InvoiceHandlers.class);
    }

    @Test
    void everyHandlerMethodMayBeInvoked() {
        for (String method : new String[] { "issue", "issueAll", "audit", "log" }) {
            assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(InvoiceHandlers.class, method))
                    .as(method).accepts(this.hints);
        }
    }

    @Test
    void theTypeABodyIsReadIntoIsBoundAndSoIsTheElementTypeOfAList() {
        for (Class<?> body : new Class<?>[] { InvoiceRequest.class, Line.class }) {
            assertThat(RuntimeHintsPredicates.reflection().onType(body)
                    .withMemberCategory(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS)).as(body.getName())
                    .accepts(this.hints);
            assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(body, "amount")).as(body.getName())
                    .accepts(this.hints);
        }
    }

    @Test
    void aStringOrTheMessageItselfNeedsNoBinding() {
        assertThat(RuntimeHintsPredicates.reflection().onType(OutgoingMessage.class)).rejects(this.hints);
    }

    /** A bean with handlers of every parameter kind. */
    static class InvoiceHandlers {

        @OutboxHandler("invoice.requested")
        void issue(InvoiceRequest request) {
        }

        @OutboxHandler("invoices.requested")
        void issueAll(List<Line> lines) {
        }

        @OutboxHandler("invoice.audited")
        void audit(String body) {
        }

        @OutboxHandler("invoice.logged")
        void log(OutgoingMessage message) {
        }
    }

    /** A body. */
    record InvoiceRequest(String customerId, long amount) {
    }

    /** The element of a list body. */
    record Line(String product, long amount) {
    }
}
