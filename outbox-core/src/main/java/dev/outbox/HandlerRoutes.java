/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import dev.outbox.spi.MessageHandler;

/**
 * The part of {@link MessageRoutes} that handlers in this process take: a type's own local handler, or the
 * fallback handler that takes a broker type's messages over once the broker has failed them often enough.
 */
final class HandlerRoutes {

    /** What a local handler records in place of a broker message id. */
    private static final String LOCAL_PREFIX = "local:";

    /** What a fallback handler records in place of a broker message id. */
    private static final String FALLBACK_PREFIX = "fallback:";

    private final Map<String, LocalRoute> handlers;

    private final Map<String, FallbackRoute> fallbacks;

    HandlerRoutes(Map<String, NamedHandler> handlers, Map<String, Fallback> fallbacks) {
        Map<String, LocalRoute> local = new LinkedHashMap<>();
        handlers.forEach((type, handler) -> local.put(type, handler.route(LOCAL_PREFIX)));
        this.handlers = Map.copyOf(local);
        Map<String, FallbackRoute> fallbackRoutes = new LinkedHashMap<>();
        fallbacks.forEach((type, fallback) -> fallbackRoutes.put(type,
                new FallbackRoute(fallback.handler().route(FALLBACK_PREFIX), fallback.afterFailures())));
        this.fallbacks = Map.copyOf(fallbackRoutes);
    }

    /**
     * @param messageType a message type
     * @return whether a local handler of its own takes every message of the type
     */
    boolean handles(String messageType) {
        return this.handlers.containsKey(messageType);
    }

    /**
     * @param messageType a message type
     * @param failedAttempts how many attempts to deliver the message failed so far
     * @param switchedToFallback whether an operator switched the type to its fallback ({@link dev.outbox.route.RouteSwitchMode#FALLBACK})
     * @return the local handler that takes the message: the type's own, or its fallback once the broker
     * has failed the message often enough or at once while switched to it; empty when it goes to the broker
     */
    Optional<LocalRoute> routeFor(String messageType, int failedAttempts, boolean switchedToFallback) {
        LocalRoute handler = this.handlers.get(messageType);
        if (handler != null) {
            return Optional.of(handler);
        }
        FallbackRoute fallback = this.fallbacks.get(messageType);
        return (fallback != null && (switchedToFallback || failedAttempts >= fallback.afterFailures()))
                ? Optional.of(fallback.route()) : Optional.empty();
    }

    /**
     * @param messageType a message type
     * @return whether a fallback handler takes its messages over after failed sends
     */
    boolean hasFallback(String messageType) {
        return this.fallbacks.containsKey(messageType);
    }

    /**
     * @return the message types that a local handler or a fallback handler takes
     */
    Set<String> handledTypes() {
        Set<String> types = new TreeSet<>(this.handlers.keySet());
        types.addAll(this.fallbacks.keySet());
        return types;
    }

    /**
     * A local handler chosen for a message.
     *
     * @param deliveredBy what the row records in place of a broker message id once the handler succeeded:
     * {@code local:<name>} for a type routed to the handler, {@code fallback:<name>} for a fallback
     * @param handler the handler
     */
    record LocalRoute(String deliveredBy, MessageHandler handler) {
    }

    /** A handler as the builder was given it. */
    record NamedHandler(String name, MessageHandler handler) {

        LocalRoute route(String prefix) {
            return new LocalRoute(prefix + this.name, this.handler);
        }
    }

    /** A fallback handler as the builder was given it. */
    record Fallback(NamedHandler handler, int afterFailures) {
    }

    private record FallbackRoute(LocalRoute route, int afterFailures) {
    }
}
