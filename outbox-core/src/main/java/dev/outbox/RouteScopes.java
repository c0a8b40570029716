/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import dev.outbox.internal.jdbc.ClaimScope;
import dev.outbox.spi.MessageSender;

/**
 * The claim-scope arithmetic of paused routes: which message types a dispatcher still claims while some of
 * its routes are paused, and which types a paused route holds back, derived from the routes.
 */
final class RouteScopes {

    private final MessageRoutes routes;

    RouteScopes(MessageRoutes routes) {
        this.routes = routes;
    }

    /**
     * @param sender a routed sender
     * @return how a paused route is named: {@code default} for the default sender, else its message types
     */
    String routeName(MessageSender sender) {
        return (sender == this.routes.defaultSender()) ? "default" : String.join(",", ownTypes(sender));
    }

    /**
     * @param base the dispatcher's scope
     * @param paused senders whose routes are paused
     * @return the base scope without the message types of the paused routes (but those with a fallback
     * handler), or empty when no type is left to claim
     */
    Optional<ClaimScope> claimableWithout(ClaimScope base, Set<MessageSender> paused) {
        if (paused.isEmpty()) {
            return Optional.of(base);
        }
        if (this.routes.defaultSender() == null || !paused.contains(this.routes.defaultSender())) {
            Set<String> excluded = new TreeSet<>();
            paused.forEach(sender -> excluded.addAll(ownTypes(sender)));
            return Optional.of(base.withoutTypes(excluded));
        }
        Set<String> included = this.routes.handlers().handledTypes();
        this.routes.namedSenders().forEach((type, sender) -> {
            if (!paused.contains(sender)) {
                included.add(type);
            }
        });
        return included.isEmpty() ? Optional.empty() : Optional.of(base.onlyTypes(included));
    }

    /**
     * @param base the dispatcher's scope
     * @param sender a routed sender
     * @return the base scope of the message types that the sender's route holds back while paused
     */
    ClaimScope pausableTypes(ClaimScope base, MessageSender sender) {
        if (sender != this.routes.defaultSender()) {
            return base.onlyTypes(ownTypes(sender));
        }
        Set<String> elsewhere = this.routes.handlers().handledTypes();
        this.routes.namedSenders().forEach((type, routed) -> {
            if (routed != sender) {
                elsewhere.add(type);
            }
        });
        return base.withoutTypes(elsewhere);
    }

    /** The types routed to a sender by name, without those that have a fallback handler. */
    private Set<String> ownTypes(MessageSender sender) {
        Set<String> types = new TreeSet<>();
        this.routes.namedSenders().forEach((type, routed) -> {
            if (routed == sender && !this.routes.hasFallback(type)) {
                types.add(type);
            }
        });
        return types;
    }
}
