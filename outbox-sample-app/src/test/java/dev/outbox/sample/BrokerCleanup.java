/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import org.springframework.context.SmartLifecycle;

/**
 * Deletes what a test made on its broker when the test's context closes: after the outbox's dispatcher and the
 * broker listeners stopped, so that nothing writes or reads it any more, and before the broker's connection factory
 * stops (Spring Data Redis stops its own in phase 0).
 */
final class BrokerCleanup implements SmartLifecycle {

    /** Above the connection factories' phase, below the dispatcher's and the listeners'. */
    private static final int PHASE = 1;

    private final Runnable cleanup;

    private volatile boolean running;

    BrokerCleanup(Runnable cleanup) {
        this.cleanup = cleanup;
    }

    @Override
    public void start() {
        this.running = true;
    }

    @Override
    public void stop() {
        this.cleanup.run();
        this.running = false;
    }

    @Override
    public boolean isRunning() {
        return this.running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }
}
