package dev.outbox.benchmark;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The repeated runs of one drain case: a drain of 20,000 messages takes a second or two, so one
 * run can be moved by the database's background work; the run of median rate is the figure.
 *
 * @param results each run's result
 * @param duplicates duplicate deliveries over all runs
 * @param deliveries deliveries over all runs
 */
record DrainRuns(List<DrainResult> results, long duplicates, long deliveries) {

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
        for (int run = 1; run <= runs; run++) {
            prepare.accept(run);
            AckingSender sender = AckingSender.tracking();
            results.add(drain.drain(sender));
            duplicates += sender.duplicates();
            deliveries += sender.deliveries();
        }
        return new DrainRuns(results, duplicates, deliveries);
    }

    /** The run of median rate. */
    DrainResult median() {
        List<DrainResult> byRate = new ArrayList<>(this.results);
        byRate.sort(Comparator.comparingDouble(DrainResult::messagesPerSecond));
        return byRate.get(byRate.size() / 2);
    }

    /** One drain of a loaded backlog, sending to the given broker. */
    @FunctionalInterface
    interface Drain {

        DrainResult drain(AckingSender sender) throws SQLException;
    }
}
