/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.claim;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.outbox.internal.jdbc.RouteSwitchRepository;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.route.RouteSwitch;
import dev.outbox.route.RouteSwitchMode;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the switch table says, read at most once per refresh interval (the poll interval) and held in memory
 * between reads, so that every instance follows an operator's switch within one interval at the cost of one read
 * of a table of a few rows. The interval is measured on the monotonic clock, not the outbox's {@code Clock}: it
 * is how fresh the copy is, not a time written anywhere. Each change it reads is logged and told to the metrics.
 */
public final class RouteSwitchCache {

    private static final Logger logger = LoggerFactory.getLogger(RouteSwitchCache.class);

    private final RouteSwitchRepository repository;

    private final long refreshNanos;

    private final OutboxMetrics metrics;

    private volatile RouteSwitchState current = RouteSwitchState.NONE;

    /** When {@link #current} was read, on {@link System#nanoTime()}; null before the first read. */
    private volatile @Nullable Long readAt;

    /**
     * @param repository where the switches are
     * @param refreshInterval how old the copy in memory may get before it is read again
     * @param metrics what to tell about switches this instance starts and stops following
     */
    public RouteSwitchCache(RouteSwitchRepository repository, Duration refreshInterval, OutboxMetrics metrics) {
        this.repository = repository;
        this.refreshNanos = refreshInterval.toNanos();
        this.metrics = metrics;
    }

    /**
     * @return the switched types, read from the table when the copy in memory is older than the refresh interval
     * @throws org.springframework.dao.DataAccessException when the table cannot be read
     */
    public RouteSwitchState current() {
        Long read = this.readAt;
        if (read != null && System.nanoTime() - read < this.refreshNanos) {
            return this.current;
        }
        return refresh();
    }

    private synchronized RouteSwitchState refresh() {
        Long read = this.readAt;
        if (read != null && System.nanoTime() - read < this.refreshNanos) {
            // Another thread read the table while this one waited.
            return this.current;
        }
        Map<String, RouteSwitchMode> modes = new LinkedHashMap<>();
        for (RouteSwitch change : this.repository.list()) {
            modes.put(change.messageType(), change.mode());
        }
        RouteSwitchState next = new RouteSwitchState(modes);
        tellChanges(this.current, next);
        this.current = next;
        this.readAt = System.nanoTime();
        return next;
    }

    private void tellChanges(RouteSwitchState before, RouteSwitchState after) {
        before.modes().forEach((type, mode) -> {
            if (after.modes().get(type) != mode) {
                this.metrics.routeSwitchedBack(type, mode);
                logger.info("Outbox message type '{}' is no longer switched to {}", type, mode);
            }
        });
        after.modes().forEach((type, mode) -> {
            if (before.modes().get(type) != mode) {
                this.metrics.routeSwitched(type, mode);
                logger.info("Outbox message type '{}' is switched to {}: {}", type, mode, (mode == RouteSwitchMode.FALLBACK)
                        ? "its fallback handler takes its messages" : "pull consumers receive its messages");
            }
        });
    }
}
