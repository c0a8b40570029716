/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.outbox.Dispatcher;
import org.jspecify.annotations.Nullable;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Runs the starter's {@link PeriodicJob}s (the cleanup, the refresh of the backlog gauges) on one scheduler of
 * the outbox's own, independent of the application's scheduling: a thread per job, named
 * {@value #THREAD_NAME_PREFIX}N, of the kind {@link OutboxThreads} chooses. It starts with the dispatcher and
 * stops with it, before the data source is closed: stopping cancels the jobs, interrupts the runs under way
 * and waits up to {@link Dispatcher#INTERRUPT_GRACE} for them to end. A job's run is a short transaction (a
 * cleanup batch, a count), which an interrupt ends at its next statement; one that outlasts the wait fails
 * when the data source closes, and its transaction rolls back.
 */
final class OutboxScheduler implements SmartLifecycle {

    static final String THREAD_NAME_PREFIX = "outbox-scheduler-";

    private static final Duration STOP_TIMEOUT = Dispatcher.INTERRUPT_GRACE;

    private final List<PeriodicJob> jobs;

    private final OutboxThreads threads;

    private @Nullable ThreadPoolTaskScheduler scheduler;

    OutboxScheduler(List<PeriodicJob> jobs, OutboxThreads threads) {
        this.jobs = List.copyOf(jobs);
        this.threads = threads;
    }

    /**
     * Schedules every job; without jobs it makes no thread and does not run.
     */
    @Override
    public synchronized void start() {
        if (this.scheduler != null || this.jobs.isEmpty()) {
            return;
        }
        ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();
        scheduler.setPoolSize(this.jobs.size());
        scheduler.setThreadNamePrefix(THREAD_NAME_PREFIX);
        scheduler.setAwaitTerminationMillis(STOP_TIMEOUT.toMillis());
        this.threads.applyTo(scheduler);
        scheduler.initialize();
        Instant now = scheduler.getClock().instant();
        for (PeriodicJob job : this.jobs) {
            scheduler.scheduleWithFixedDelay(job::runOnce, now.plus(job.initialDelay()), job.interval());
        }
        this.scheduler = scheduler;
    }

    @Override
    public synchronized void stop() {
        if (this.scheduler != null) {
            this.scheduler.shutdown();
            this.scheduler = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return this.scheduler != null;
    }

    @Override
    public int getPhase() {
        return OutboxDispatcherLifecycle.PHASE;
    }
}
