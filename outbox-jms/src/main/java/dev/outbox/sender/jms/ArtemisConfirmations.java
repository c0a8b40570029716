/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import java.lang.reflect.Method;
import java.util.List;

import jakarta.jms.ConnectionFactory;
import org.jspecify.annotations.Nullable;

/**
 * Whether a connection factory is ActiveMQ Artemis's without a confirmation window. Artemis's client calls a
 * {@code CompletionListener} only once the broker confirmed the send when {@code confirmationWindowSize} is set;
 * without it (its default, {@code -1}) it calls the listener at once, and a message the broker then refuses (no
 * permission to send, for one) would count as sent. The factory is looked at through the wrappers Spring puts around
 * it (Spring's {@code CachingConnectionFactory}, pooled-jms's {@code JmsPoolConnectionFactory}), by the names of
 * their public methods: this module depends on neither.
 */
final class ArtemisConfirmations {

    private static final String ARTEMIS_PACKAGE = "org.apache.activemq.artemis.";

    /** The methods by which the wrappers Spring Boot uses name the factory they wrap. */
    private static final List<String> UNWRAPPING_METHODS = List.of("getTargetConnectionFactory",
            "getConnectionFactory");

    private static final int MOST_WRAPPERS = 4;

    private ArtemisConfirmations() {
    }

    /**
     * @param connectionFactory the factory the sender connects with
     * @return whether it is Artemis's and leaves its confirmation window unset, so that its completion listeners
     * confirm nothing
     */
    static boolean lackWindow(ConnectionFactory connectionFactory) {
        Object factory = connectionFactory;
        for (int depth = 0; factory != null && depth < MOST_WRAPPERS; depth++) {
            if (factory.getClass().getName().startsWith(ARTEMIS_PACKAGE)) {
                Object window = invoke(factory, "getConfirmationWindowSize");
                return window instanceof Integer size && size <= 0;
            }
            factory = wrapped(factory);
        }
        return false;
    }

    private static @Nullable Object wrapped(Object factory) {
        for (String name : UNWRAPPING_METHODS) {
            Object wrapped = invoke(factory, name);
            if (wrapped != null) {
                return wrapped;
            }
        }
        return null;
    }

    private static @Nullable Object invoke(Object target, String name) {
        try {
            Method method = target.getClass().getMethod(name);
            return method.invoke(target);
        }
        catch (ReflectiveOperationException | RuntimeException ex) {
            return null;
        }
    }
}
