/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream.autoconfigure;

import java.util.Map;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The {@code outbox.stream.*} settings of the Spring Cloud Stream sender, checked when they are read.
 *
 * @param bindings the binding of each topic that is not sent through the binding of its own name
 * @param sentOnHandoff whether a binder that reports no confirmation counts a message as sent once it took it
 */
record StreamSettings(Map<String, String> bindings, boolean sentOnHandoff) {

    static final String PREFIX = "outbox.stream";

    static final String BINDINGS = PREFIX + ".bindings";

    static final String SENT_ON_HANDOFF = PREFIX + ".sent-on-handoff";

    /**
     * @param environment the application's environment
     * @return its settings
     * @throws IllegalStateException naming the property, when a topic's binding is blank
     */
    static StreamSettings of(Environment environment) {
        Binder binder = Binder.get(environment);
        Map<String, String> bindings = binder.bind(BINDINGS, Bindable.mapOf(String.class, String.class)).orElse(Map.of());
        bindings.forEach((topic, binding) -> {
            if (binding.isBlank()) {
                throw new IllegalStateException(BINDINGS + "[" + topic + "] is blank: name the Spring Cloud Stream "
                        + "binding that messages of topic '" + topic + "' are sent through, or leave the topic out to "
                        + "send them through the binding named as the topic");
            }
        });
        return new StreamSettings(Map.copyOf(bindings), binder.bind(SENT_ON_HANDOFF, Boolean.class).orElse(false));
    }
}
