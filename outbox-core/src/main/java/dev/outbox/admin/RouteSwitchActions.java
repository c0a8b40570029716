/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Instant;
import java.util.Optional;

import dev.outbox.MessageRoutes;
import dev.outbox.internal.jdbc.RouteSwitchRepository;
import dev.outbox.route.RouteSwitch;
import dev.outbox.route.RouteSwitchMode;
import org.jspecify.annotations.Nullable;

/**
 * Switches message types away from their broker and back, in the switch table, after checking against the
 * dispatcher's routes that the type can be switched so. Idempotent like the changes of messages: a switch the table
 * holds already is ALREADY_DONE; of two concurrent switches of one type, one writes and the other finds it done or
 * writes after it (the last one wins).
 */
final class RouteSwitchActions {

    private final RouteSwitchRepository repository;

    private final @Nullable MessageRoutes routes;

    RouteSwitchActions(RouteSwitchRepository repository, @Nullable MessageRoutes routes) {
        this.repository = repository;
        this.routes = routes;
    }

    RouteSwitchResult switchTo(String type, RouteSwitchMode mode, Instant now) {
        Optional<String> refusal = refusal(type, mode);
        if (refusal.isPresent()) {
            return new RouteSwitchResult(Outcome.REFUSED, type, current(type).map(RouteSwitch::mode).orElse(null),
                    "message type '" + type + "' cannot be switched to " + mode + ": " + refusal.get()
                            + "; nothing was changed");
        }
        // Loops only when another call switched the type between the read and the write.
        while (true) {
            Optional<RouteSwitch> current = current(type);
            if (current.isPresent() && current.get().mode() == mode) {
                return new RouteSwitchResult(Outcome.ALREADY_DONE, type, mode, "message type '" + type
                        + "' is switched to " + mode + " already, since " + current.get().switchedAt());
            }
            boolean written = current.isPresent() ? this.repository.change(type, current.get().mode(), mode, now)
                    : this.repository.insert(type, mode, now);
            if (written) {
                return new RouteSwitchResult(Outcome.DONE, type, mode, "message type '" + type + "' is switched to " + mode
                        + "; every instance follows within one poll interval: " + effect(mode));
            }
        }
    }

    RouteSwitchResult switchBack(String type) {
        if (!this.repository.delete(type)) {
            return new RouteSwitchResult(Outcome.ALREADY_DONE, type, null, "message type '" + type
                    + "' is not switched; its messages go to its broker");
        }
        return new RouteSwitchResult(Outcome.DONE, type, null, "message type '" + type + "' is switched back; every "
                + "instance sends its messages to its broker again within one poll interval");
    }

    private Optional<RouteSwitch> current(String type) {
        return this.repository.list().stream().filter(change -> change.messageType().equals(type)).findFirst();
    }

    private Optional<String> refusal(String type, RouteSwitchMode mode) {
        if (this.routes == null) {
            return Optional.of("this instance does not know the routes (the admin was built without them, as where "
                    + "no dispatcher runs); switch it from an instance that runs the dispatcher");
        }
        if (this.routes.senderFor(type).isEmpty()) {
            return Optional.of("it goes to no broker (it has a local handler, or no sender is routed for it)");
        }
        if (mode == RouteSwitchMode.FALLBACK && !this.routes.hasFallback(type)) {
            return Optional.of("it has no fallback handler (configure one for the type, or switch it to PULL)");
        }
        return Optional.empty();
    }

    private static String effect(RouteSwitchMode mode) {
        return switch (mode) {
            case FALLBACK -> "its fallback handler takes each of its messages";
            case PULL -> "dispatchers leave its messages to pull consumers, which receive them from their topic";
        };
    }
}
