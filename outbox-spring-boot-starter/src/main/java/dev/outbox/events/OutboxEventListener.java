/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.events;

import java.util.List;

import dev.outbox.MessageBuilder;
import dev.outbox.OutboxTemplate;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.PayloadApplicationEvent;

/**
 * Saves the application events that implement {@link OutboxEvent} or that a router selects, with an
 * {@link OutboxTemplate}; ignores the others. It is called in the publisher's thread, even by an event
 * multicaster with an executor, so the message joins the publisher's transaction, and a save's exception, such
 * as the one for a publish outside a transaction, reaches the caller of {@code publishEvent}.
 *
 * <p>The starter registers one for the application's outbox. An application with several stores, which
 * has no single outbox to save its events in, declares one with the template of the store its events
 * belong to.
 */
public final class OutboxEventListener implements ApplicationListener<ApplicationEvent> {

    private final OutboxTemplate outbox;

    private final List<OutboxEventRouter> routers;

    /**
     * @param outbox where the events are saved
     * @param routers the routers to ask, in order, about events that do not implement {@link OutboxEvent}
     */
    public OutboxEventListener(OutboxTemplate outbox, List<OutboxEventRouter> routers) {
        this.outbox = outbox;
        this.routers = List.copyOf(routers);
    }

    /**
     * @return false: the save must run in the publisher's thread, to join its transaction
     */
    @Override
    public boolean supportsAsyncExecution() {
        return false;
    }

    @Override
    public void onApplicationEvent(ApplicationEvent event) {
        Object published = (event instanceof PayloadApplicationEvent<?> payloadEvent) ? payloadEvent.getPayload()
                : event;
        OutboxEventRoute route = route(published);
        if (route != null) {
            save(route);
        }
    }

    private @Nullable OutboxEventRoute route(Object event) {
        if (event instanceof OutboxEvent marked) {
            return new OutboxEventRoute(marked.outboxType(), marked.outboxKey(), marked.outboxTopic(),
                    marked.outboxOrderingKey(), marked.outboxPayload());
        }
        for (OutboxEventRouter router : this.routers) {
            OutboxEventRoute route = router.route(event);
            if (route != null) {
                return route;
            }
        }
        return null;
    }

    private void save(OutboxEventRoute route) {
        MessageBuilder message = this.outbox.message(route.type()).key(route.key()).topic(route.topic())
                .payload(route.payload());
        String orderingKey = route.orderingKey();
        if (orderingKey != null) {
            message.orderingKey(orderingKey);
        }
        message.save();
    }
}
