/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.Dispatcher;
import org.springframework.context.SmartLifecycle;

/**
 * Starts the {@link Dispatcher} once the application context is refreshed, on the dispatcher's own
 * threads, and stops it gracefully (waiting for the sends in flight) when the context closes,
 * before the data source is closed.
 *
 * <p>Its phase is below the web server's: the dispatcher starts before the server takes requests
 * and stops only after the server's graceful shutdown, so messages saved by the last requests are
 * still handed to it.
 *
 * <p>It stops synchronously ({@link #stop()}, not {@code stop(Runnable)}): the context then closes the data
 * source only once {@link Dispatcher#stop()} returned, within the shutdown timeout and
 * {@link Dispatcher#INTERRUPT_GRACE}, whatever {@code spring.lifecycle.timeout-per-shutdown-phase} is; an
 * asynchronous stop would be given up on after that timeout, and the data source closed under a dispatch thread
 * still writing its outcomes.
 */
final class OutboxDispatcherLifecycle implements SmartLifecycle {

    /** Below the web server's graceful shutdown ({@code DEFAULT_PHASE - 1024}) and its stop ({@code - 2048}). */
    static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

    private final Dispatcher dispatcher;

    private final boolean autoStartup;

    /**
     * @param dispatcher the dispatcher to start and stop
     * @param autoStartup whether to start it with the context ({@code outbox.dispatcher.auto-startup}); when false,
     * it is still stopped with the context if something started it
     */
    OutboxDispatcherLifecycle(Dispatcher dispatcher, boolean autoStartup) {
        this.dispatcher = dispatcher;
        this.autoStartup = autoStartup;
    }

    @Override
    public boolean isAutoStartup() {
        return this.autoStartup;
    }

    @Override
    public void start() {
        this.dispatcher.start();
    }

    @Override
    public void stop() {
        this.dispatcher.stop();
    }

    @Override
    public boolean isRunning() {
        return this.dispatcher.isRunning();
    }

    @Override
    public int getPhase() {
        return PHASE;
    }
}
