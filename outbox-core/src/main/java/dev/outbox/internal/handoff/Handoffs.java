/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.handoff;

import java.util.function.Consumer;
import java.util.function.Function;

import dev.outbox.OutboxTemplate;
import dev.outbox.dispatch.Dispatcher;
import dev.outbox.internal.FriendAccess;

/**
 * Reaches the two ends of the hand-off, which the dispatcher and the template's builder keep off
 * their API: a dispatcher's {@link MessageHandoff}, and the builder's slot for one. The slot lets the
 * benchmark and the tests put another hand-off in the dispatcher's place.
 */
public final class Handoffs {

    private static final FriendAccess<Dispatcher, MessageHandoff> DISPATCHERS = new FriendAccess<>(Dispatcher.class);

    private static final FriendAccess<OutboxTemplate.Builder, Consumer<MessageHandoff>> TEMPLATE_BUILDERS =
            new FriendAccess<>(OutboxTemplate.Builder.class);

    private Handoffs() {
    }

    /**
     * @param dispatcher a dispatcher
     * @return what a template tells it about commits
     */
    public static MessageHandoff of(Dispatcher dispatcher) {
        return DISPATCHERS.of(dispatcher);
    }

    /**
     * @param template a template's builder
     * @param handoff what the template tells about each commit, in place of a dispatcher
     * @return the builder
     */
    public static OutboxTemplate.Builder handingOffTo(OutboxTemplate.Builder template, MessageHandoff handoff) {
        TEMPLATE_BUILDERS.of(template).accept(handoff);
        return template;
    }

    /**
     * Called once, by {@link Dispatcher}'s static initializer.
     *
     * @param handoffOfDispatcher reads a dispatcher's hand-off
     */
    public static void grantDispatcherAccess(Function<Dispatcher, MessageHandoff> handoffOfDispatcher) {
        DISPATCHERS.grant(handoffOfDispatcher);
    }

    /**
     * Called once, by {@link OutboxTemplate.Builder}'s static initializer.
     *
     * @param handoffSlotOfBuilder reads a builder's slot for the hand-off
     */
    public static void grantTemplateBuilderAccess(
            Function<OutboxTemplate.Builder, Consumer<MessageHandoff>> handoffSlotOfBuilder) {
        TEMPLATE_BUILDERS.grant(handoffSlotOfBuilder);
    }
}
