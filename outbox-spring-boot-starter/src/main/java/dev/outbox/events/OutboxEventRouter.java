/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.events;

import org.jspecify.annotations.Nullable;

/**
 * Selects application events to be saved to the outbox whose classes do not implement
 * {@link OutboxEvent}, such as the events of a library, and says what message each one makes. Declared as
 * a bean; with several, each is asked in their order ({@link org.springframework.core.annotation.Order})
 * and the first route given is saved. An event that implements {@link OutboxEvent} is saved as it says,
 * without asking the routers.
 *
 * <pre>{@code
 * @Bean
 * OutboxEventRouter paymentEvents() {
 *     return event -> (event instanceof PaymentReceived payment)
 *             ? OutboxEventRoute.of("payment.received", payment.id(), "payments", payment)
 *             : null;
 * }
 * }</pre>
 *
 * <p>A router is asked about every event published in the application, in the publisher's thread, so it
 * should decide with an {@code instanceof} or as cheaply.
 */
@FunctionalInterface
public interface OutboxEventRouter {

    /**
     * @param event the published object: the payload of a
     * {@link org.springframework.context.PayloadApplicationEvent}, or the
     * {@link org.springframework.context.ApplicationEvent} itself
     * @return the message to save for the event, or null when this router does not select it
     */
    @Nullable OutboxEventRoute route(Object event);
}
