/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.dispatch.Dispatcher;
import org.springframework.context.SmartLifecycle;

/**
 * Starts the {@link Dispatcher} once the application context is refreshed, on the dispatcher's own
 * threads, and stops it gracefully (waiting for the sends in flight) when the context closes,
 * before the data source is closed.
 *
 * <p>Its phase is below the web server's: the dispatcher starts before the server takes requests
 * and stops only after the server's graceful shutdown, so messages saved by the last requests are
 * still handed to it.
 */
final class OutboxDispatcherLifecycle implements SmartLifecycle {

    /** Below the web server's graceful shutdown ({@code DEFAULT_PHASE - 1024}) and its stop ({@code - 2048}). */
    static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

    private final Dispatcher dispatcher;

    OutboxDispatcherLifecycle(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
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
