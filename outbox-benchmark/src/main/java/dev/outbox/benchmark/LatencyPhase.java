/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;

import dev.outbox.DispatcherSettings;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.spi.OutgoingMessage;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * L: the time from a transaction's commit to the sender's call for its message, at a steady rate
 * of transactions with the dispatcher running; with the hand-off, and with a plain wake-up that
 * claims from the table, to show what the hand-off saves; and with messages of 50 ordering keys in
 * turn, which are never handed off: their commit wakes the dispatcher's claim.
 */
final class LatencyPhase {

    private static final int WARM_UP_SECONDS = 2;

    /** Samples slower than this are checked against the GC pauses that overlapped them. */
    private static final long SLOW_NANOS = 2_000_000;

    private final BenchmarkDatabase database;

    private final BenchmarkOptions options;

    LatencyPhase(BenchmarkDatabase database, BenchmarkOptions options) {
        this.database = database;
        this.options = options;
    }

    PhaseReport run() {
        PhaseReport report = new PhaseReport("L", this.options.rate() + " transactions/s for "
                + this.options.latencySeconds() + " s, commit to sender call");
        Percentiles handoff = measure(report, OutboxInstance.CommitNotification.HANDOFF, OrderingKeys.NONE,
                "hand-off (default)");
        measure(report, OutboxInstance.CommitNotification.WAKEUP, OrderingKeys.NONE, "plain wake-up, then claim");
        Percentiles ordered = measure(report, OutboxInstance.CommitNotification.HANDOFF, OrderingKeys.STEADY_LOAD,
                "ordered, " + OrderingKeys.STEADY_LOAD);
        report.target("L: p50 commit to send", "< 3 ms", String.format("%.2f ms", handoff.millis(50)),
                handoff.millis(50) < 3);
        report.target("L: p99 commit to send", "< 10 ms", String.format("%.2f ms", handoff.millis(99)),
                handoff.millis(99) < 10);
        report.target("L ordered: p99 commit to send", "< 10 ms", String.format("%.2f ms", ordered.millis(99)),
                ordered.millis(99) < 10);
        return report;
    }

    private Percentiles measure(PhaseReport report, OutboxInstance.CommitNotification notification,
            OrderingKeys orderingKeys, String name) {
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        Map<String, Commit> committedAt = new ConcurrentHashMap<>();
        AtomicBoolean measuring = new AtomicBoolean();
        Samples samples = new Samples();
        GcPauses gc = GcPauses.listen();
        AckingSender sender = AckingSender.observing(message -> record(message, committedAt, measuring, samples));
        try (OutboxInstance instance = new OutboxInstance(this.database, "latency", SteadyWrites.THREADS + 2,
                DispatcherSettings.CLAIM_STRATEGY.defaultValue(), sender, OutboxMetrics.NONE, notification)) {
            instance.start();
            OrderTransaction order = new OrderTransaction(instance, "latency", orderingKeys);
            // The commit time is taken by a synchronization registered before the save's hand-off.
            LongConsumer transaction = n -> instance.transactions().executeWithoutResult(status -> {
                TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                    @Override
                    public void afterCommit() {
                        committedAt.put(order.key(n), new Commit(System.nanoTime(), System.currentTimeMillis()));
                    }
                });
                order.accept(n);
            });
            long firstMeasured;
            long lastMeasured;
            SteadyWrites writes = SteadyWrites.start(this.options.rate(), transaction);
            try (writes; gc) {
                Waiting.sleep(WARM_UP_SECONDS * 1000L);
                firstMeasured = writes.started();
                measuring.set(true);
                Waiting.sleep(this.options.latencySeconds() * 1000L);
                lastMeasured = writes.started();
                writes.stop(this.options.timeout());
            }
            Waiting.until(() -> sender.deliveries() >= writes.started() - writes.failed(), this.options.timeout(),
                    () -> "the dispatcher sent " + sender.deliveries() + " of " + writes.started() + " messages");
            Percentiles latencies = new Percentiles(samples.latencies());
            List<GcPauses.Pause> pauses = gc.pauses();
            long slow = 0;
            long slowDuringGc = 0;
            long[] values = samples.latencies();
            long[] commits = samples.commitMillis();
            for (int i = 0; i < values.length; i++) {
                if (values[i] > SLOW_NANOS) {
                    slow++;
                    long from = commits[i];
                    long to = commits[i] + values[i] / 1_000_000 + 1;
                    if (pauses.stream().anyMatch(pause -> pause.overlaps(from, to))) {
                        slowDuringGc++;
                    }
                }
            }
            double achievedRate = (lastMeasured - firstMeasured) / (double) this.options.latencySeconds();
            report.add(new Measurement(name).put("transactionsPerSecond", achievedRate)
                    .put("orderingKeys", orderingKeys.count())
                    .put("samples", latencies.count())
                    .put("failed", writes.failed())
                    .put("p50Millis", latencies.millis(50))
                    .put("p95Millis", latencies.millis(95))
                    .put("p99Millis", latencies.millis(99))
                    .put("maxMillis", latencies.maxMillis())
                    .put("samplesOver2Millis", slow)
                    .put("samplesOver2MillisDuringGc", slowDuringGc)
                    .put("gcPauses", pauses.size())
                    .put("maxGcPauseMillis", pauses.stream().mapToLong(GcPauses.Pause::durationMillis).max().orElse(0))
                    .put("duplicates", sender.duplicates())
                    .put("orderViolations", sender.orderViolations())
                    .summary(String.format("p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.1f ms (%d samples at %.0f tx/s); "
                            + "%d over 2 ms, %d of them during one of %d GC pauses", latencies.millis(50),
                            latencies.millis(95), latencies.millis(99), latencies.maxMillis(), latencies.count(),
                            achievedRate, slow, slowDuringGc, pauses.size())));
            return latencies;
        }
    }

    private static void record(OutgoingMessage message, Map<String, Commit> committedAt, AtomicBoolean measuring,
            Samples samples) {
        long now = System.nanoTime();
        Commit committed = committedAt.remove(message.key());
        if (committed != null && measuring.get()) {
            samples.add(now - committed.nanos(), committed.millis());
        }
    }

    /**
     * When a transaction committed.
     *
     * @param nanos by {@link System#nanoTime()}, for its latency
     * @param millis by the wall clock, to compare with the GC pauses
     */
    private record Commit(long nanos, long millis) {
    }

    /** Latency samples with their commit times, added from the dispatch threads. */
    private static final class Samples {

        private long[] latencies = new long[1024];

        private long[] commitMillis = new long[1024];

        private int size;

        synchronized void add(long latency, long committedAtMillis) {
            if (this.size == this.latencies.length) {
                this.latencies = Arrays.copyOf(this.latencies, this.size * 2);
                this.commitMillis = Arrays.copyOf(this.commitMillis, this.size * 2);
            }
            this.latencies[this.size] = latency;
            this.commitMillis[this.size++] = committedAtMillis;
        }

        synchronized long[] latencies() {
            return Arrays.copyOf(this.latencies, this.size);
        }

        synchronized long[] commitMillis() {
            return Arrays.copyOf(this.commitMillis, this.size);
        }
    }
}
