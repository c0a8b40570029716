/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import java.util.function.UnaryOperator;

import dev.outbox.DispatcherSettings;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.retry.RetryPolicies;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * W: what saving a message adds to a business transaction. Each transaction inserts one business
 * row and one message, on 8 threads, under the database's default isolation. Two baselines insert the
 * message with a plain INSERT: into a table of the outbox's shape, and into the lean table of a hand-written
 * outbox (primary key, unique message key, one (status, id) index). The variants run in rounds, each first in
 * one round, so that none profits from its place. With {@code --sequenced-keys=N}, two more variants run in the
 * same rounds: saves with an ordering key of N, and the same saves sequenced within their key, so that what a
 * sequence number costs is the difference of the two. Then the baseline and the outbox again with a real tracer,
 * each transaction in a request's trace, to show what tracing adds to a save.
 */
final class WritePhase {

    private final BenchmarkDatabase database;

    private final BenchmarkOptions options;

    WritePhase(BenchmarkDatabase database, BenchmarkOptions options) {
        this.database = database;
        this.options = options;
    }

    PhaseReport run() {
        PhaseReport report = new PhaseReport("W", this.options.writers() + " writers, "
                + this.options.transactions() + " transactions of one business row and one message");
        for (String table : List.of(BenchmarkDatabase.ORDER_TABLE, BenchmarkDatabase.PLAIN_TABLE,
                BenchmarkDatabase.LEAN_TABLE, BenchmarkDatabase.OUTBOX_TABLE)) {
            this.database.truncate(table);
        }
        AckingSender sender = AckingSender.tracking();
        try (OutboxInstance instance = new OutboxInstance(this.database, "writers", this.options.writers() + 2,
                DispatcherSettings.CLAIM_STRATEGY.defaultValue(), sender, OutboxMetrics.NONE,
                OutboxInstance.CommitNotification.HANDOFF)) {
            WriteLoad load = new WriteLoad(this.options.writers(), this.options.timeout());
            int warmUp = Math.max(1, this.options.transactions() / 10);
            OrderingKeys sequencedKeys = this.options.sequencedKeys().isEmpty() ? OrderingKeys.NONE
                    : new OrderingKeys(this.options.sequencedKeys().get(0));
            List<Variant> variants = (sequencedKeys == OrderingKeys.NONE)
                    ? List.of(Variant.BASELINE, Variant.LEAN, Variant.OUTBOX) : List.of(Variant.values());
            Map<Variant, WriteLoad.Result> results = measure(load, instance, warmUp, "", variants, sequencedKeys,
                    transaction -> transaction);
            WriteLoad.Result baseline = results.get(Variant.BASELINE);
            WriteLoad.Result lean = results.get(Variant.LEAN);
            WriteLoad.Result outbox = results.get(Variant.OUTBOX);
            long rows = this.database.countKeys(BenchmarkDatabase.OUTBOX_TABLE, Variant.OUTBOX.key + "-");
            double ratio = outbox.perSecond() / baseline.perSecond();
            double leanRatio = outbox.perSecond() / lean.perSecond();
            report.add(measurement("baseline", baseline, baseline, lean)
                    .summary(String.format("%.0f tx/s, %d failed", baseline.perSecond(), baseline.failed())));
            report.add(measurement("lean baseline", lean, baseline, lean)
                    .summary(String.format("%.0f tx/s, %d failed", lean.perSecond(), lean.failed())));
            report.add(measurement("outbox", outbox, baseline, lean).put("messagesSaved", rows)
                    .summary(String.format("%.0f tx/s (%.2fx, %.2fx lean), %d failed, %d messages saved",
                            outbox.perSecond(), ratio, leanRatio, outbox.failed(), rows)));
            if (sequencedKeys != OrderingKeys.NONE) {
                addSequenced(report, results, sequencedKeys, baseline, lean);
            }
            addTraced(report, load, warmUp, sender);

            // Only this variant's messages are to be sent, not the ones saved while no dispatcher ran.
            this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
            int sent = this.options.transactions() / 2;
            instance.start();
            WriteLoad.Result dispatching = load.run(sent, withOutbox(instance, "dispatching"));
            Waiting.until(() -> sender.deliveries() >= sent, this.options.timeout(),
                    () -> "the dispatcher sent " + sender.deliveries() + " of " + sent + " messages");
            report.add(measurement("outbox, dispatcher sending", dispatching, baseline, lean)
                    .put("duplicates", sender.duplicates())
                    .summary(String.format("%.0f tx/s (%.2fx, %.2fx lean), %d failed, all %d sent",
                            dispatching.perSecond(), dispatching.perSecond() / baseline.perSecond(),
                            dispatching.perSecond() / lean.perSecond(), dispatching.failed(), sent)));

            report.target("W: outbox / baseline transactions per second", ">= 0.90",
                    String.format("%.2f", ratio), ratio >= 0.9);
            report.target("W: outbox / lean baseline transactions per second", ">= 0.90",
                    String.format("%.2f", leanRatio), leanRatio >= 0.9);
            report.target("W: failed business transactions", "0",
                    Long.toString(outbox.failed() + dispatching.failed()), outbox.failed() + dispatching.failed() == 0);
        }
        return report;
    }

    private static void addSequenced(PhaseReport report, Map<Variant, WriteLoad.Result> results, OrderingKeys keys,
            WriteLoad.Result baseline, WriteLoad.Result lean) {
        WriteLoad.Result ordered = results.get(Variant.ORDERED);
        WriteLoad.Result sequenced = results.get(Variant.SEQUENCED);
        report.add(measurement("outbox, ordering key of " + keys, ordered, baseline, lean)
                .summary(String.format("%.0f tx/s (%.2fx), %d failed", ordered.perSecond(),
                        ordered.perSecond() / baseline.perSecond(), ordered.failed())));
        report.add(measurement("outbox, sequenced within " + keys, sequenced, baseline, lean)
                .put("ratioToOrdered", sequenced.perSecond() / ordered.perSecond())
                .summary(String.format("%.0f tx/s (%.2fx, %.2fx the unsequenced), %d failed", sequenced.perSecond(),
                        sequenced.perSecond() / baseline.perSecond(), sequenced.perSecond() / ordered.perSecond(),
                        sequenced.failed())));
    }

    /**
     * The same transactions with a real tracer, each in a request's trace, the baseline's too: what tracing adds
     * to the outbox's save is the difference of the two ratios.
     */
    private void addTraced(PhaseReport report, WriteLoad load, int warmUp, AckingSender sender) {
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        try (TracedWrites tracing = new TracedWrites();
                OutboxInstance instance = new OutboxInstance(this.database, "traced-writers",
                        this.options.writers() + 2, DispatcherSettings.builder().build(), sender,
                        OutboxMetrics.NONE, OutboxInstance.CommitNotification.HANDOFF, RetryPolicies.defaults(),
                        tracing.observations())) {
            Map<Variant, WriteLoad.Result> traced = measure(load, instance, warmUp, "traced-",
                    List.of(Variant.BASELINE, Variant.OUTBOX), OrderingKeys.NONE, tracing::inRequest);
            WriteLoad.Result baseline = traced.get(Variant.BASELINE);
            WriteLoad.Result outbox = traced.get(Variant.OUTBOX);
            double ratio = outbox.perSecond() / baseline.perSecond();
            report.add(new Measurement("baseline, traced").put("transactions", baseline.transactions())
                    .put("transactionsPerSecond", baseline.perSecond()).put("failed", baseline.failed())
                    .summary(String.format("%.0f tx/s, %d failed", baseline.perSecond(), baseline.failed())));
            report.add(new Measurement("outbox, traced").put("transactions", outbox.transactions())
                    .put("transactionsPerSecond", outbox.perSecond()).put("ratioToTracedBaseline", ratio)
                    .put("failed", outbox.failed()).put("spansExported", tracing.exportedSpans())
                    .summary(String.format("%.0f tx/s (%.2fx the traced baseline), %d failed, %d spans exported",
                            outbox.perSecond(), ratio, outbox.failed(), tracing.exportedSpans())));
        }
    }

    /**
     * Warms each variant up, then measures them in as many rounds as there are variants, each variant first in
     * one round and the order rotated in the others.
     */
    private Map<Variant, WriteLoad.Result> measure(WriteLoad load, OutboxInstance instance, int warmUp,
            String prefix, List<Variant> variants, OrderingKeys keys, UnaryOperator<LongConsumer> wrap) {
        for (Variant variant : variants) {
            load.run(warmUp, wrap.apply(variant.transaction(instance, prefix + "warm-" + variant.key, keys)));
        }
        int rounds = variants.size();
        Map<Variant, WriteLoad.Result> results = new EnumMap<>(Variant.class);
        for (int round = 0; round < rounds; round++) {
            // Each variant runs all the transactions over the rounds, the remainder in the first rounds.
            int perRound = this.options.transactions() / rounds + ((round < this.options.transactions() % rounds) ? 1 : 0);
            for (int i = 0; i < rounds; i++) {
                Variant variant = variants.get((round + i) % rounds);
                WriteLoad.Result result = load.run(perRound,
                        wrap.apply(variant.transaction(instance, prefix + variant.key + "-" + round, keys)));
                results.merge(variant, result, WriteLoad.Result::plus);
            }
        }
        return results;
    }

    private static Measurement measurement(String name, WriteLoad.Result result, WriteLoad.Result baseline,
            WriteLoad.Result lean) {
        return new Measurement(name).put("transactions", result.transactions())
                .put("transactionsPerSecond", result.perSecond())
                .put("ratioToBaseline", result.perSecond() / baseline.perSecond())
                .put("ratioToLeanBaseline", result.perSecond() / lean.perSecond())
                .put("failed", result.failed())
                .put("failures", result.failures());
    }

    private static LongConsumer withOutbox(OutboxInstance instance, String keyPrefix) {
        return new OrderTransaction(instance, keyPrefix, OrderingKeys.NONE);
    }

    /** What a write transaction does besides its business row. */
    private enum Variant {

        /** A plain INSERT into a table of the outbox's shape. */
        BASELINE("plain"),

        /** A plain INSERT into the lean table. */
        LEAN("lean"),

        /** A save through the outbox. */
        OUTBOX("outbox"),

        /** A save through the outbox with an ordering key of the sequenced case's. */
        ORDERED("ordered"),

        /** The same save, sequenced within its ordering key. */
        SEQUENCED("sequenced");

        private final String key;

        Variant(String key) {
            this.key = key;
        }

        LongConsumer transaction(OutboxInstance instance, String keyPrefix, OrderingKeys keys) {
            if (this == OUTBOX) {
                return withOutbox(instance, keyPrefix);
            }
            if (this == ORDERED || this == SEQUENCED) {
                return new OrderTransaction(instance, keyPrefix, keys, this == SEQUENCED);
            }
            BusinessWrites writes = new BusinessWrites(new JdbcTemplate(instance.pool()));
            TransactionTemplate transactions = instance.transactions();
            return n -> transactions.executeWithoutResult(status -> {
                writes.insertOrder(n);
                if (this == LEAN) {
                    writes.insertLeanMessage(Payloads.key(keyPrefix, n), BusinessWrites.body(n));
                }
                else {
                    writes.insertPlainMessage(Payloads.key(keyPrefix, n), BusinessWrites.body(n));
                }
            });
        }
    }
}
