/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.concurrent.atomic.LongAdder;

import dev.outbox.metrics.OutboxMetrics;

/**
 * Counts what a dispatcher reports of a drain through a real broker: the messages the broker confirmed, the
 * attempts that failed, the routes paused because the broker seemed unreachable, and the claims.
 */
final class DeliveryTally implements OutboxMetrics {

    private final ClaimTally claims = new ClaimTally();

    private final LongAdder sent = new LongAdder();

    private final LongAdder failed = new LongAdder();

    private final LongAdder paused = new LongAdder();

    @Override
    public void claimed(int claimedRows, int lostRows) {
        this.claims.claimed(claimedRows, lostRows);
    }

    @Override
    public void sent(String messageType) {
        this.sent.increment();
    }

    @Override
    public void failed(String messageType, boolean exhausted) {
        this.failed.increment();
    }

    @Override
    public void routePaused(String route) {
        this.paused.increment();
    }

    ClaimTally claims() {
        return this.claims;
    }

    long sent() {
        return this.sent.sum();
    }

    long failedAttempts() {
        return this.failed.sum();
    }

    long routePauses() {
        return this.paused.sum();
    }
}
