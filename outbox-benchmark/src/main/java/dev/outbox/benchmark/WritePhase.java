/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.function.LongConsumer;
import java.util.function.UnaryOperator;

import dev.outbox.dispatch.DispatcherSettings;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.retry.RetryPolicies;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * W: what saving a message adds to a business transaction. Each transaction inserts one business
 * row and one message, on 8 threads, under the database's default isolation; the baseline inserts
 * the message with a plain INSERT into a table of the same shape. The variants run in two rounds,
 * baseline first in one and second in the other, so that neither profits from its place. Then both again
 * with a real tracer, each transaction in a request's trace, to show what tracing adds to a save.
 */
final class WritePhase {

    private static final int ROUNDS = 2;

    private final BenchmarkDatabase database;

    private final BenchmarkOptions options;

    WritePhase(BenchmarkDatabase database, BenchmarkOptions options) {
        this.database = database;
        this.options = options;
    }

    PhaseReport run() {
        PhaseReport report = new PhaseReport("W", this.options.writers() + " writers, "
                + this.options.transactions() + " transactions of one business row and one message");
        this.database.truncate(BenchmarkDatabase.ORDER_TABLE);
        this.database.truncate(BenchmarkDatabase.PLAIN_TABLE);
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        AckingSender sender = AckingSender.tracking();
        try (OutboxInstance instance = new OutboxInstance(this.database, "writers", this.options.writers() + 2,
                DispatcherSettings.CLAIM_STRATEGY.defaultValue(), sender, OutboxMetrics.NONE,
                OutboxInstance.CommitNotification.HANDOFF)) {
            WriteLoad load = new WriteLoad(this.options.writers(), this.options.timeout());
            int warmUp = Math.max(1, this.options.transactions() / 10);
            Pair untraced = measure(load, instance, warmUp, "", transaction -> transaction);
            WriteLoad.Result baseline = untraced.baseline();
            WriteLoad.Result outbox = untraced.outbox();
            long rows = this.database.countAll(BenchmarkDatabase.OUTBOX_TABLE) - warmUp;
            double ratio = outbox.perSecond() / baseline.perSecond();
            report.add(measurement("baseline", baseline, baseline)
                    .summary(String.format("%.0f tx/s, %d failed", baseline.perSecond(), baseline.failed())));
            report.add(measurement("outbox", outbox, baseline).put("messagesSaved", rows)
                    .summary(String.format("%.0f tx/s (%.2fx), %d failed, %d messages saved", outbox.perSecond(), ratio,
                            outbox.failed(), rows)));
            addTraced(report, load, warmUp, sender);

            // Only this variant's messages are to be sent, not the ones saved while no dispatcher ran.
            this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
            int perRound = this.options.transactions() / ROUNDS;
            instance.start();
            WriteLoad.Result dispatching = load.run(perRound, withOutbox(instance, "dispatching"));
            Waiting.until(() -> sender.deliveries() >= perRound, this.options.timeout(),
                    () -> "the dispatcher sent " + sender.deliveries() + " of " + perRound + " messages");
            double dispatchingRatio = dispatching.perSecond() / baseline.perSecond();
            report.add(measurement("outbox, dispatcher sending", dispatching, baseline)
                    .put("duplicates", sender.duplicates())
                    .summary(String.format("%.0f tx/s (%.2fx), %d failed, all %d sent", dispatching.perSecond(),
                            dispatchingRatio, dispatching.failed(), perRound)));

            report.target("W: outbox / baseline transactions per second", ">= 0.90",
                    String.format("%.2f", ratio), ratio >= 0.9);
            report.target("W: failed business transactions", "0",
                    Long.toString(outbox.failed() + dispatching.failed()), outbox.failed() + dispatching.failed() == 0);
        }
        return report;
    }

    /**
     * The same transactions with a real tracer, each in a request's trace, the baseline's too: what tracing adds
     * to the outbox's save is the difference of the two ratios.
     */
    private void addTraced(PhaseReport report, WriteLoad load, int warmUp, AckingSender sender) {
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        try (TracedWrites tracing = new TracedWrites();
                OutboxInstance instance = new OutboxInstance(this.database, "traced-writers",
                        this.options.writers() + 2, DispatcherSettings.CLAIM_STRATEGY.defaultValue(), sender,
                        OutboxMetrics.NONE, OutboxInstance.CommitNotification.HANDOFF, RetryPolicies.defaults(),
                        tracing.observations())) {
            Pair traced = measure(load, instance, warmUp, "traced-", tracing::inRequest);
            double ratio = traced.outbox().perSecond() / traced.baseline().perSecond();
            report.add(measurement("baseline, traced", traced.baseline(), traced.baseline())
                    .summary(String.format("%.0f tx/s, %d failed", traced.baseline().perSecond(),
                            traced.baseline().failed())));
            report.add(measurement("outbox, traced", traced.outbox(), traced.baseline())
                    .put("spansExported", tracing.exportedSpans())
                    .summary(String.format("%.0f tx/s (%.2fx), %d failed, %d spans exported",
                            traced.outbox().perSecond(), ratio, traced.outbox().failed(), tracing.exportedSpans())));
        }
    }

    /**
     * Warms up, then measures the baseline and the outbox in rounds, each first in every other round.
     */
    private Pair measure(WriteLoad load, OutboxInstance instance, int warmUp, String prefix,
            UnaryOperator<LongConsumer> wrap) {
        load.run(warmUp, wrap.apply(plain(instance, prefix + "warm-plain")));
        load.run(warmUp, wrap.apply(withOutbox(instance, prefix + "warm-outbox")));
        int perRound = this.options.transactions() / ROUNDS;
        WriteLoad.Result baseline = null;
        WriteLoad.Result outbox = null;
        for (int round = 1; round <= ROUNDS; round++) {
            LongConsumer plainTransaction = wrap.apply(plain(instance, prefix + "plain-" + round));
            LongConsumer outboxTransaction = wrap.apply(withOutbox(instance, prefix + "outbox-" + round));
            boolean baselineFirst = round % 2 == 1;
            WriteLoad.Result first = load.run(perRound, baselineFirst ? plainTransaction : outboxTransaction);
            WriteLoad.Result second = load.run(perRound, baselineFirst ? outboxTransaction : plainTransaction);
            WriteLoad.Result plainRound = baselineFirst ? first : second;
            WriteLoad.Result outboxRound = baselineFirst ? second : first;
            baseline = (baseline == null) ? plainRound : baseline.plus(plainRound);
            outbox = (outbox == null) ? outboxRound : outbox.plus(outboxRound);
        }
        return new Pair(baseline, outbox);
    }

    private record Pair(WriteLoad.Result baseline, WriteLoad.Result outbox) {
    }

    private static Measurement measurement(String name, WriteLoad.Result result, WriteLoad.Result baseline) {
        return new Measurement(name).put("transactions", result.transactions())
                .put("transactionsPerSecond", result.perSecond())
                .put("ratioToBaseline", result.perSecond() / baseline.perSecond())
                .put("failed", result.failed())
                .put("failures", result.failures());
    }

    private static LongConsumer plain(OutboxInstance instance, String keyPrefix) {
        BusinessWrites writes = new BusinessWrites(new JdbcTemplate(instance.pool()));
        TransactionTemplate transactions = instance.transactions();
        return n -> transactions.executeWithoutResult(status -> {
            writes.insertOrder(n);
            writes.insertPlainMessage(Payloads.key(keyPrefix, n), BusinessWrites.body(n));
        });
    }

    private static LongConsumer withOutbox(OutboxInstance instance, String keyPrefix) {
        return new OrderTransaction(instance, keyPrefix, OrderingKeys.NONE);
    }
}
