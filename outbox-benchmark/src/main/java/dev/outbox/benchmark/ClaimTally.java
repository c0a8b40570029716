/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.concurrent.atomic.LongAdder;

import dev.outbox.metrics.OutboxMetrics;

/**
 * Counts claims and the rows they lost to other instances.
 */
final class ClaimTally implements OutboxMetrics {

    private final LongAdder claims = new LongAdder();

    private final LongAdder claimed = new LongAdder();

    private final LongAdder lost = new LongAdder();

    @Override
    public void claimed(int claimedRows, int lostRows) {
        this.claims.increment();
        this.claimed.add(claimedRows);
        this.lost.add(lostRows);
    }

    long claims() {
        return this.claims.sum();
    }

    long claimedRows() {
        return this.claimed.sum();
    }

    long lostRows() {
        return this.lost.sum();
    }

    /**
     * @return the share of rows claims tried for that another instance took first
     */
    double wastedShare() {
        long tried = claimedRows() + lostRows();
        return (tried == 0) ? 0 : (double) lostRows() / tried;
    }
}
