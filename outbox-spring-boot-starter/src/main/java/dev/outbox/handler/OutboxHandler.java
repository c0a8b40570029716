/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.handler;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.aot.hint.annotation.Reflective;

/**
 * Marks a bean method as a local handler of outbox messages: the dispatcher calls it, in this
 * process instead of sending to a broker, for every message of the types it names, with the
 * dispatcher's leases, retries, ordering per key and FAILED handling. It runs in a new transaction
 * that also marks the message CONSUMED, so its writes and the mark commit together (see
 * {@link dev.outbox.spi.MessageHandler}). Throwing means the message is retried.
 *
 * <p>The method takes one parameter: the {@link dev.outbox.spi.OutgoingMessage}, the body as a
 * {@code String}, or any other type, which the body is read into with the application's Jackson
 * {@code JsonMapper}.
 *
 * <pre class="code">
 * &#064;OutboxHandler("invoice.requested")
 * void issueInvoice(InvoiceRequest request) {
 *     invoices.issue(request);
 * }
 * </pre>
 *
 * <p>In an ahead-of-time compiled application the method and its parameter type are registered for reflection
 * ({@link Reflective}), so that the dispatcher can call it and Jackson read the body into it in a native image.
 *
 * <p>A handler with a name but no types handles nothing by itself; a route can name it as its
 * {@code fallback-handler}, or as its {@code handler}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Reflective(OutboxHandlerReflectiveProcessor.class)
public @interface OutboxHandler {

    /**
     * @return the message types this method handles instead of a broker
     */
    String[] value() default {};

    /**
     * @return the handler's name, recorded on each message it handled ({@code local:<name>}) and
     * referred to by {@code outbox.routes.<type>.handler} and {@code fallback-handler}; by default
     * {@code <bean name>.<method name>}
     */
    String name() default "";
}
