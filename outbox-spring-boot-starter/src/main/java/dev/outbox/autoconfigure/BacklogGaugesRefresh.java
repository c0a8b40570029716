/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.List;

import dev.outbox.admin.BacklogGauges;

/**
 * Refreshes the {@link BacklogGauges} on the {@link OutboxScheduler}: at once when the application context is
 * refreshed and then every refresh interval.
 */
final class BacklogGaugesRefresh implements PeriodicJob {

    /** How often the gauges are refreshed unless configured otherwise. */
    static final Duration DEFAULT_REFRESH_INTERVAL = Duration.ofSeconds(15);

    private final List<BacklogGauges> gauges;

    private final Duration refreshInterval;

    /**
     * @throws IllegalStateException when the refresh interval is not positive, naming the property
     */
    BacklogGaugesRefresh(List<BacklogGauges> gauges, Duration refreshInterval) {
        if (refreshInterval.isNegative() || refreshInterval.isZero()) {
            throw new IllegalStateException("outbox.metrics.backlog-gauges.refresh-interval must be positive, was "
                    + refreshInterval);
        }
        this.gauges = List.copyOf(gauges);
        this.refreshInterval = refreshInterval;
    }

    @Override
    public Duration initialDelay() {
        return Duration.ZERO;
    }

    @Override
    public Duration interval() {
        return this.refreshInterval;
    }

    @Override
    public void runOnce() {
        // Each refresh catches its own failure, so a store whose database is down leaves the others fresh.
        this.gauges.forEach(BacklogGauges::refresh);
    }
}
