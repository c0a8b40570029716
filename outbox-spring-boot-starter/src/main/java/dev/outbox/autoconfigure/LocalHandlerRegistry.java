/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.Map;
import java.util.TreeMap;

import dev.outbox.handler.OutboxHandler;
import dev.outbox.spi.MessageHandler;
import org.jspecify.annotations.Nullable;

/**
 * The application's local handlers by name: {@link MessageHandler} beans under their bean names,
 * and {@link OutboxHandler} methods under theirs, with the message types the methods route to
 * themselves. Filled in by {@link OutboxHandlerMethodProcessor}.
 */
final class LocalHandlerRegistry {

    private final Map<String, MessageHandler> handlers = new TreeMap<>();

    private final Map<String, String> annotatedRoutes = new TreeMap<>();

    /**
     * @param type a message type that an {@link OutboxHandler} method handles
     * @param name the name of that method's handler
     * @throws IllegalStateException when another method handles the type already
     */
    void routeAnnotated(String type, String name) {
        String other = this.annotatedRoutes.putIfAbsent(type, name);
        if (other != null) {
            throw new IllegalStateException("message type '" + type + "' has two @OutboxHandler methods: '" + other
                    + "' and '" + name + "'; a type goes to one handler");
        }
    }

    /**
     * @param name the handler's name
     * @param handler the handler
     * @throws IllegalStateException when another handler has that name
     */
    void register(String name, MessageHandler handler) {
        if (this.handlers.putIfAbsent(name, handler) != null) {
            throw new IllegalStateException("two local handlers are named '" + name + "' (MessageHandler beans and "
                    + "@OutboxHandler methods share one namespace); give one another name");
        }
    }

    /**
     * @param property the property that names the handler, for the message
     * @param name the handler's name
     * @return the handler
     * @throws IllegalStateException when no handler has that name
     */
    MessageHandler named(String property, @Nullable String name) {
        MessageHandler handler = (name != null) ? this.handlers.get(name.trim()) : null;
        if (handler == null) {
            throw new IllegalStateException(property + " names '" + name + "', which is neither a MessageHandler bean "
                    + "nor an @OutboxHandler method; the local handlers are " + this.handlers.keySet());
        }
        return handler;
    }

    /**
     * @return the message types that {@link OutboxHandler} methods handle, with the handlers' names
     */
    Map<String, String> annotatedRoutes() {
        return this.annotatedRoutes;
    }

    boolean isEmpty() {
        return this.handlers.isEmpty();
    }
}
