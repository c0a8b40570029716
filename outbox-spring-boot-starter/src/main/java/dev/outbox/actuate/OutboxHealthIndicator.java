/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.actuate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.outbox.Dispatcher;
import dev.outbox.PausedRoute;
import dev.outbox.admin.BacklogLimits;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.OutboxSnapshot;
import dev.outbox.route.RouteSwitch;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * The outbox's health: UP within its {@link BacklogLimits} while no sender route of this instance's dispatcher is
 * paused, otherwise the configured unhealthy status (DOWN or OUT_OF_SERVICE) with the reasons as the
 * {@code problems} detail. The details are the backlog's counts and the oldest due message's age, never a payload,
 * and, where this instance runs the store's dispatcher, its {@code pausedRoutes}: the routes whose broker a send
 * found unreachable ({@link Dispatcher#pausedRoutes()}), each with when it was paused, why, how many probe
 * messages failed since and when the next one goes out. Its {@code switches} detail lists the message types an
 * operator switched away from their broker ({@link OutboxAdmin#switchToFallback}, {@link OutboxAdmin#switchToPull}),
 * each with its mode and since when; a switch leaves the status as it is: it is the operator's answer to an outage,
 * not a problem of its own. It reads the backlog only (two reads of the due index) and the few rows of the switch
 * table, so it costs the same whatever history the table keeps; a database it cannot read makes it DOWN.
 */
public class OutboxHealthIndicator extends AbstractHealthIndicator {

    private final OutboxAdmin admin;

    private final @Nullable Dispatcher dispatcher;

    private final BacklogLimits limits;

    private final Status unhealthyStatus;

    /**
     * The health of a store that this instance runs no dispatcher of.
     *
     * @param admin where the backlog is read
     * @param limits when the outbox is unhealthy
     * @param unhealthyStatus the status then
     */
    public OutboxHealthIndicator(OutboxAdmin admin, BacklogLimits limits, Status unhealthyStatus) {
        this(admin, limits, unhealthyStatus, null);
    }

    /**
     * The health of a store and of this instance's dispatcher of it.
     *
     * @param admin where the backlog is read
     * @param dispatcher the store's dispatcher, whose paused routes make the outbox unhealthy
     * @param limits when the outbox is unhealthy
     * @param unhealthyStatus the status then
     */
    public OutboxHealthIndicator(OutboxAdmin admin, Dispatcher dispatcher, BacklogLimits limits,
            Status unhealthyStatus) {
        this(admin, limits, unhealthyStatus, dispatcher);
    }

    private OutboxHealthIndicator(OutboxAdmin admin, BacklogLimits limits, Status unhealthyStatus,
            @Nullable Dispatcher dispatcher) {
        super("Could not read the outbox table's backlog");
        this.admin = admin;
        this.dispatcher = dispatcher;
        this.limits = limits;
        this.unhealthyStatus = unhealthyStatus;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        List<PausedRoute> pausedRoutes = (this.dispatcher != null) ? this.dispatcher.pausedRoutes() : List.of();
        if (this.dispatcher != null) {
            // Before the backlog is read, so that a database that cannot be read leaves the routes shown.
            builder.withDetail("pausedRoutes", pausedRoutes.stream().map(OutboxHealthIndicator::details).toList());
        }
        OutboxSnapshot backlog = this.admin.backlog();
        List<String> problems = new ArrayList<>(this.limits.problems(backlog));
        pausedRoutes.forEach(route -> problems.add("route '" + route.route() + "' is paused since " + route.pausedAt()
                + ": its broker is unreachable (" + route.reason() + ")"));
        Map<String, Object> counts = new LinkedHashMap<>();
        backlog.counts().forEach((state, count) -> counts.put(state.name(), count));
        builder.status(problems.isEmpty() ? Status.UP : this.unhealthyStatus)
                .withDetail("counts", counts)
                .withDetail("oldestDueAge", backlog.oldestDueAge().toString())
                .withDetail("maxOldestDueAge", this.limits.maxOldestDueAge().toString())
                .withDetail("oldestPendingAge", backlog.oldestPendingAge().toString());
        if (backlog.oldestDueAt() != null) {
            builder.withDetail("oldestDueAt", backlog.oldestDueAt().toString());
        }
        builder.withDetail("switches", this.admin.switches().stream().map(OutboxHealthIndicator::details).toList());
        if (!problems.isEmpty()) {
            builder.withDetail("problems", problems);
        }
    }

    private static Map<String, Object> details(RouteSwitch change) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("type", change.messageType());
        details.put("mode", change.mode().name());
        details.put("switchedAt", change.switchedAt().toString());
        return details;
    }

    private static Map<String, Object> details(PausedRoute route) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("route", route.route());
        details.put("pausedAt", route.pausedAt().toString());
        details.put("reason", route.reason());
        details.put("probes", route.probes());
        details.put("nextProbeAt", route.nextProbeAt().toString());
        return details;
    }
}
