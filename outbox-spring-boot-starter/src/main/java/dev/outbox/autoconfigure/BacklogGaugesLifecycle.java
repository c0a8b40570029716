/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import dev.outbox.metrics.BacklogGauges;
import org.jspecify.annotations.Nullable;
import org.springframework.context.SmartLifecycle;

/**
 * Refreshes the {@link BacklogGauges} on one daemon thread of its own, at once when the application context
 * is refreshed and then every refresh interval, and stops that thread when the context closes, before the
 * data source is closed.
 */
final class BacklogGaugesLifecycle implements SmartLifecycle {

    /** How often the gauges are refreshed unless configured otherwise. */
    static final Duration DEFAULT_REFRESH_INTERVAL = Duration.ofSeconds(15);

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private static final String THREAD_NAME = "outbox-backlog-gauges";

    private final BacklogGauges gauges;

    private final Duration refreshInterval;

    private @Nullable ScheduledExecutorService executor;

    /**
     * @throws IllegalStateException when the refresh interval is not positive, naming the property
     */
    BacklogGaugesLifecycle(BacklogGauges gauges, Duration refreshInterval) {
        if (refreshInterval.isNegative() || refreshInterval.isZero()) {
            throw new IllegalStateException("outbox.metrics.backlog-gauges.refresh-interval must be positive, was "
                    + refreshInterval);
        }
        this.gauges = gauges;
        this.refreshInterval = refreshInterval;
    }

    @Override
    public synchronized void start() {
        if (this.executor != null) {
            return;
        }
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, THREAD_NAME);
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(this.gauges::refresh, 0, this.refreshInterval.toMillis(),
                TimeUnit.MILLISECONDS);
        this.executor = executor;
    }

    @Override
    public synchronized void stop() {
        if (this.executor != null) {
            this.executor.shutdown();
            awaitRefreshUnderWay(this.executor);
            this.executor = null;
        }
    }

    /** Lets a refresh under way (two short reads) finish before the data source closes, rather than fail. */
    private static void awaitRefreshUnderWay(ScheduledExecutorService executor) {
        try {
            executor.awaitTermination(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return this.executor != null;
    }
}
