/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The repeated runs of one drain case: a drain of 20,000 messages takes a second or two, so one
 * run can be moved by the database's background work; the run of median rate is the figure. A run
 * that timed out ends the case, since the runs after it would take as long, and is its figure.
 *
 * @param results each run's result
 * @param duplicates duplicate deliveries over all runs
 * @param deliveries deliveries over all runs
 * @param orderViolations messages of an ordering key that arrived after a later one of their key,
 * over all runs
 */
record DrainRuns(List<DrainResult> results, long duplicates, long deliveries, long orderViolations) {

    /**
     * @param runs how many runs
     * @param prepare loads the backlog of run n (from 1)
     * @param drain drains it
     * @return the runs
     */
    static DrainRuns repeat(int runs, IntConsumer prepare, Drain drain) throws SQLException {
        List<DrainResult> results = new ArrayList<>();
        long duplicates = 0;
        long deliveries = 0;
        long orderViolations = 0;
        for (int run = 1; run <= runs; run++) {
            prepare.accept(run);
            AckingSender sender = AckingSender.tracking();
            DrainResult result = drain.drain(sender);
            results.add(result);
            duplicates += sender.duplicates();
            deliveries += sender.deliveries();
            orderViolations += sender.orderViolations();
            if (result.timedOut()) {
                break;
            }
        }
        return new DrainRuns(results, duplicates, deliveries, orderViolations);
    }

    /** The run of median rate, or the run that timed out. */
    DrainResult median() {
        if (timedOut()) {
            return this.results.get(this.results.size() - 1);
        }
        List<DrainResult> byRate = new ArrayList<>(this.results);
        byRate.sort(Comparator.comparingDouble(DrainResult::messagesPerSecond));
        return byRate.get(byRate.size() / 2);
    }

    /** Whether the last run timed out. */
    boolean timedOut() {
        return this.results.get(this.results.size() - 1).timedOut();
    }

    /** One drain of a loaded backlog, sending to the given broker. */
    @FunctionalInterface
    interface Drain {

        DrainResult drain(AckingSender sender) throws SQLException;
    }
}
