/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.actuate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.outbox.admin.BacklogLimits;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.OutboxSnapshot;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * The outbox's health: UP within its {@link BacklogLimits}, otherwise the configured unhealthy status (DOWN or
 * OUT_OF_SERVICE) with the reasons as the {@code problems} detail. The details are the backlog's counts and the
 * oldest due message's age, never a payload. It reads the backlog only (two reads of the due index), so it
 * costs the same whatever history the table keeps; a database it cannot read makes it DOWN.
 */
public class OutboxHealthIndicator extends AbstractHealthIndicator {

    private final OutboxAdmin admin;

    private final BacklogLimits limits;

    private final Status unhealthyStatus;

    /**
     * @param admin where the backlog is read
     * @param limits when the outbox is unhealthy
     * @param unhealthyStatus the status then
     */
    public OutboxHealthIndicator(OutboxAdmin admin, BacklogLimits limits, Status unhealthyStatus) {
        super("Could not read the outbox table's backlog");
        this.admin = admin;
        this.limits = limits;
        this.unhealthyStatus = unhealthyStatus;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        OutboxSnapshot backlog = this.admin.backlog();
        List<String> problems = this.limits.problems(backlog);
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
        if (!problems.isEmpty()) {
            builder.withDetail("problems", problems);
        }
    }
}
