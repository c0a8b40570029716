/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.outbox.internal.jdbc.ClaimScope;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.spi.MessageSender;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sender routes paused because their broker was unreachable. While a route is paused, claims leave
 * its message types alone (but those with a fallback handler, whose failures count towards it), and one
 * probe message of the route is sent per probe interval; the first send through the route that succeeds
 * resumes it, and its messages, which wait due at once, are claimed at the next round.
 */
final class RouteOutages {

    private static final Logger logger = LoggerFactory.getLogger(RouteOutages.class);

    private final RouteScopes routes;

    private final ClaimScope base;

    private final Duration probeInterval;

    private final Clock clock;

    private final OutboxMetrics metrics;

    private final Map<MessageSender, PausedRoute> outages = new LinkedHashMap<>();

    /**
     * @param routes the routes of the senders
     * @param base the rows the dispatcher claims when no route is paused
     * @param probeInterval how often a paused route sends a probe message
     * @param clock the source of the pauses' times
     * @param metrics what to tell about pauses
     */
    RouteOutages(MessageRoutes routes, ClaimScope base, Duration probeInterval, Clock clock, OutboxMetrics metrics) {
        this.routes = new RouteScopes(routes);
        this.base = base;
        this.probeInterval = probeInterval;
        this.clock = clock;
        this.metrics = metrics;
    }

    /**
     * @return the senders whose routes are paused now: read once per batch rather than once per message
     */
    synchronized Set<MessageSender> pausedSenders() {
        return this.outages.isEmpty() ? Set.of() : Set.copyOf(this.outages.keySet());
    }

    /**
     * Pauses a sender's route, unless it is paused already.
     *
     * @param sender the sender whose send found the broker unreachable
     * @param reason the first line of the send's error
     */
    synchronized void pause(MessageSender sender, String reason) {
        if (this.outages.containsKey(sender)) {
            return;
        }
        Instant now = this.clock.instant();
        String route = this.routes.routeName(sender);
        this.outages.put(sender, new PausedRoute(route, now, reason, 0, now.plus(this.probeInterval)));
        this.metrics.routePaused(route);
        logger.warn("Outbox route '{}' paused: its broker is unreachable ({}). Its messages wait without spending "
                + "attempts; a probe message tests the broker every {}", route, reason, this.probeInterval);
    }

    /**
     * A probe of a paused route failed: the next one goes out a probe interval later.
     *
     * @param sender the route's sender
     */
    synchronized void probeFailed(MessageSender sender) {
        this.outages.computeIfPresent(sender, (key, outage) -> new PausedRoute(outage.route(), outage.pausedAt(),
                outage.reason(), outage.probes() + 1, this.clock.instant().plus(this.probeInterval)));
    }

    /**
     * Resumes a sender's route, if it was paused.
     *
     * @param sender a sender through which a send succeeded
     * @return whether the route was paused
     */
    synchronized boolean resume(MessageSender sender) {
        PausedRoute outage = this.outages.remove(sender);
        if (outage == null) {
            return false;
        }
        this.metrics.routeResumed(outage.route());
        logger.info("Outbox route '{}' resumed after {}: a send reached its broker", outage.route(),
                Duration.between(outage.pausedAt(), this.clock.instant()));
        return true;
    }

    /**
     * @return the rows to claim: the dispatcher's, but the paused routes' types; empty when every type is paused
     */
    synchronized Optional<ClaimScope> claimScope() {
        return this.routes.claimableWithout(this.base, this.outages.keySet());
    }

    /**
     * Takes the probes that are due: each paused route's next probe is then a probe interval away, so that
     * one probe is in flight per route at a time even with several dispatch threads.
     *
     * @return per route whose probe is due, its sender and the rows its probe is claimed from
     */
    synchronized List<Probe> takeDueProbes() {
        Instant now = this.clock.instant();
        List<Probe> due = new ArrayList<>();
        this.outages.replaceAll((sender, outage) -> {
            if (now.isBefore(outage.nextProbeAt())) {
                return outage;
            }
            due.add(new Probe(sender, this.routes.pausableTypes(this.base, sender)));
            return new PausedRoute(outage.route(), outage.pausedAt(), outage.reason(), outage.probes(),
                    now.plus(this.probeInterval));
        });
        return due;
    }

    /**
     * @return when the earliest next probe is due, or null when no route is paused
     */
    synchronized @Nullable Instant nextProbeAt() {
        return this.outages.values().stream().map(PausedRoute::nextProbeAt).min(Comparator.naturalOrder()).orElse(null);
    }

    /**
     * @return the paused routes, in the order they were paused
     */
    synchronized List<PausedRoute> pausedRoutes() {
        return List.copyOf(this.outages.values());
    }

    /**
     * @return how long a probe message that failed waits before it may be a probe again
     */
    Duration probeInterval() {
        return this.probeInterval;
    }

    /**
     * A probe to send.
     *
     * @param sender the paused route's sender
     * @param scope the rows of the route's types
     */
    record Probe(MessageSender sender, ClaimScope scope) {
    }
}
