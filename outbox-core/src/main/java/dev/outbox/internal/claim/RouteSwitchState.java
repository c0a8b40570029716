/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.claim;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.outbox.route.RouteSwitchMode;

/**
 * The message types switched away from their broker, as last read from the switch table.
 *
 * @param modes the mode of each switched type
 */
public record RouteSwitchState(Map<String, RouteSwitchMode> modes) {

    /** No type is switched. */
    public static final RouteSwitchState NONE = new RouteSwitchState(Map.of());

    /**
     * @param modes the mode of each switched type
     */
    public RouteSwitchState {
        modes = Map.copyOf(modes);
    }

    /**
     * @param messageType a message type
     * @return whether its fallback handler takes its messages at once
     */
    public boolean toFallback(String messageType) {
        return this.modes.get(messageType) == RouteSwitchMode.FALLBACK;
    }

    /**
     * @param messageType a message type
     * @return whether pull consumers receive its messages, and the dispatcher leaves them alone
     */
    public boolean toPull(String messageType) {
        return this.modes.get(messageType) == RouteSwitchMode.PULL;
    }

    /**
     * @return the types switched to pull consumers, in the order of their names
     */
    public Set<String> pulled() {
        Set<String> pulled = new TreeSet<>();
        this.modes.forEach((type, mode) -> {
            if (mode == RouteSwitchMode.PULL) {
                pulled.add(type);
            }
        });
        return pulled;
    }
}
