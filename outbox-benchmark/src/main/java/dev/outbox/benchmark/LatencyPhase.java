package dev.outbox.benchmark;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import dev.outbox.dispatch.DispatcherSettings;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.spi.OutgoingMessage;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * L: the time from a transaction's commit to the sender's call for its message, at a steady rate
 * of transactions with the dispatcher running; with the hand-off, and with a plain wake-up that
 * claims from the table, to show what the hand-off saves.
 */
final class LatencyPhase {

    private static final int WRITER_THREADS = 4;

    private static final int WARM_UP_SECONDS = 2;

    private final BenchmarkDatabase database;

    private final BenchmarkOptions options;

    LatencyPhase(BenchmarkDatabase database, BenchmarkOptions options) {
        this.database = database;
        this.options = options;
    }

    PhaseReport run() {
        PhaseReport report = new PhaseReport("L", this.options.rate() + " transactions/s for "
                + this.options.latencySeconds() + " s, commit to sender call");
        Percentiles handoff = measure(report, OutboxInstance.CommitNotification.HANDOFF, "hand-off (default)");
        measure(report, OutboxInstance.CommitNotification.WAKEUP, "plain wake-up, then claim");
        report.target("L: p50 commit to send", "< 3 ms", String.format("%.2f ms", handoff.millis(50)),
                handoff.millis(50) < 3);
        report.target("L: p99 commit to send", "< 10 ms", String.format("%.2f ms", handoff.millis(99)),
                handoff.millis(99) < 10);
        return report;
    }

    private Percentiles measure(PhaseReport report, OutboxInstance.CommitNotification notification, String name) {
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        Map<String, Long> committedAt = new ConcurrentHashMap<>();
        AtomicBoolean measuring = new AtomicBoolean();
        Samples samples = new Samples();
        AckingSender sender = AckingSender.observing(message -> record(message, committedAt, measuring, samples));
        AtomicLong sequence = new AtomicLong();
        LongAdder failed = new LongAdder();
        try (OutboxInstance instance = new OutboxInstance(this.database, "latency", WRITER_THREADS + 2,
                DispatcherSettings.DEFAULT_CLAIM_STRATEGY, sender, OutboxMetrics.NONE, notification)) {
            instance.start();
            BusinessWrites writes = new BusinessWrites(new JdbcTemplate(instance.pool()));
            ExecutorService writers = Executors.newFixedThreadPool(WRITER_THREADS);
            ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
            Runnable transaction = () -> {
                long n = sequence.getAndIncrement();
                String key = Payloads.key("latency-" + notification, n);
                try {
                    instance.transactions().executeWithoutResult(status -> {
                        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                            @Override
                            public void afterCommit() {
                                committedAt.put(key, System.nanoTime());
                            }
                        });
                        writes.insertOrder(n);
                        instance.template().save(Payloads.TYPE, key, Payloads.TOPIC, BusinessWrites.body(n));
                    });
                }
                catch (RuntimeException ex) {
                    failed.increment();
                }
            };
            clock.scheduleAtFixedRate(() -> writers.execute(transaction), 0, 1_000_000_000L / this.options.rate(),
                    TimeUnit.NANOSECONDS);
            Waiting.sleep(WARM_UP_SECONDS * 1000L);
            long firstMeasured = sequence.get();
            measuring.set(true);
            Waiting.sleep(this.options.latencySeconds() * 1000L);
            long lastMeasured = sequence.get();
            clock.shutdownNow();
            writers.shutdown();
            Waiting.until(writers::isTerminated, this.options.timeout(), () -> "the writers did not finish");
            Waiting.until(() -> sender.deliveries() >= sequence.get() - failed.sum(), this.options.timeout(),
                    () -> "the dispatcher sent " + sender.deliveries() + " of " + sequence.get() + " messages");
            Percentiles latencies = new Percentiles(samples.toArray());
            double achievedRate = (lastMeasured - firstMeasured) / (double) this.options.latencySeconds();
            report.add(new Measurement(name).put("transactionsPerSecond", achievedRate)
                    .put("samples", latencies.count())
                    .put("failed", failed.sum())
                    .put("p50Millis", latencies.millis(50))
                    .put("p95Millis", latencies.millis(95))
                    .put("p99Millis", latencies.millis(99))
                    .put("maxMillis", latencies.maxMillis())
                    .put("duplicates", sender.duplicates())
                    .summary(String.format("p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.1f ms (%d samples at %.0f tx/s)",
                            latencies.millis(50), latencies.millis(95), latencies.millis(99), latencies.maxMillis(),
                            latencies.count(), achievedRate)));
            return latencies;
        }
    }

    private static void record(OutgoingMessage message, Map<String, Long> committedAt, AtomicBoolean measuring,
            Samples samples) {
        long now = System.nanoTime();
        Long committed = committedAt.remove(message.key());
        if (committed != null && measuring.get()) {
            samples.add(now - committed);
        }
    }

    /** Latency samples, added from the dispatch threads. */
    private static final class Samples {

        private long[] values = new long[1024];

        private int size;

        synchronized void add(long value) {
            if (this.size == this.values.length) {
                this.values = Arrays.copyOf(this.values, this.size * 2);
            }
            this.values[this.size++] = value;
        }

        synchronized long[] toArray() {
            return Arrays.copyOf(this.values, this.size);
        }
    }
}
