/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.Arrays;

/**
 * Percentiles of a set of durations, in milliseconds.
 */
final class Percentiles {

    private final long[] sortedNanos;

    Percentiles(long[] nanos) {
        this.sortedNanos = nanos.clone();
        Arrays.sort(this.sortedNanos);
    }

    int count() {
        return this.sortedNanos.length;
    }

    /**
     * @param percentile between 0 and 100
     * @return the smallest value that this share of values does not exceed (nearest rank), in ms
     */
    double millis(double percentile) {
        if (this.sortedNanos.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(percentile / 100 * this.sortedNanos.length);
        return this.sortedNanos[Math.max(0, rank - 1)] / 1e6;
    }

    double maxMillis() {
        return millis(100);
    }
}
