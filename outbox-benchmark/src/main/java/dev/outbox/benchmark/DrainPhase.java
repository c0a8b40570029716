/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.outbox.DispatcherSettings;
import dev.outbox.store.ClaimStrategy;

/**
 * D: how fast a backlog of due messages drains, with 1, 2 and 4 instances and each claim
 * strategy, against the plain-JDBC drain on the same table and the lean drain of a hand-written outbox
 * (its own lean table, two workers, batches of 500); then backlogs of ordered messages
 * (every message of one key; messages of 50 keys in turn) against the unordered backlog drained by
 * one instance with the default strategy, the sender checking each key's order.
 */
final class DrainPhase {

    /** One key: each message may wait for the one before it, yet the drain should not crawl. */
    private static final double ONE_KEY_RATIO = 0.30;

    /** Several keys: the keys' messages can go in parallel, so the drain should come near the unordered one. */
    private static final double KEYS_RATIO = 0.70;

    private final BenchmarkDatabase database;

    private final BenchmarkOptions options;

    private final LibraryDrain drain;

    DrainPhase(BenchmarkDatabase database, BenchmarkOptions options) {
        this.database = database;
        this.options = options;
        this.drain = new LibraryDrain(database, options);
    }

    PhaseReport run() throws SQLException {
        int messages = this.options.drainMessages();
        PhaseReport report = new PhaseReport("D", "Drain " + messages + " due messages");
        PlainDrain plain = new PlainDrain(this.database);
        DrainRuns baselineRuns = repeat("baseline", OrderingKeys.NONE, sender -> plain.run(messages, sender));
        DrainResult baseline = baselineRuns.median();
        report.add(measurement("plain JDBC, 1 instance", baselineRuns, baseline)
                .summary(String.format("%s, %.2f statements/msg", baseline.rateSummary(messages),
                        baseline.statementsPerMessage())));
        LeanDrain leanDrain = new LeanDrain(this.database);
        DrainRuns leanRuns = DrainRuns.repeat(this.options.repeat(), run -> loadLeanBacklog("lean-" + run),
                sender -> leanDrain.run(messages, sender));
        DrainResult lean = leanRuns.median();
        report.add(measurement("lean JDBC, 2 workers, batches of 500", leanRuns, baseline).put("ratioToLeanBaseline", 1.0)
                .summary(String.format("%s (%.2fx plain), %.2f statements/msg", lean.rateSummary(messages),
                        lean.messagesPerSecond() / baseline.messagesPerSecond(), lean.statementsPerMessage())));
        Map<ClaimStrategy, Map<Integer, DrainResult>> results = new EnumMap<>(ClaimStrategy.class);
        for (ClaimStrategy strategy : strategies()) {
            for (int instances : this.options.instanceCounts()) {
                results.computeIfAbsent(strategy, s -> new TreeMap<>())
                        .put(instances, unordered(report, strategy, instances, baseline, lean));
            }
        }
        addTargets(report, baseline, results);
        addLeanTargets(report, lean, results.getOrDefault(defaultStrategy(), Map.of()));
        if (!this.options.orderedKeys().isEmpty()) {
            addOrdered(report, baseline, unorderedOneInstance(report, baseline, lean, results));
        }
        long duplicates = sum(report, "duplicates");
        report.target("D: duplicate deliveries", "0", Long.toString(duplicates), duplicates == 0);
        return report;
    }

    private DrainResult unordered(PhaseReport report, ClaimStrategy strategy, int instances, DrainResult baseline,
            DrainResult lean) throws SQLException {
        int messages = this.options.drainMessages();
        DrainRuns runs = repeat(strategy + "-" + instances, OrderingKeys.NONE,
                sender -> this.drain.run(instances, strategy, messages, sender));
        DrainResult result = runs.median();
        double leanRatio = result.messagesPerSecond() / lean.messagesPerSecond();
        report.add(measurement(name(strategy) + ", " + instances + " instance" + (instances > 1 ? "s" : ""), runs,
                baseline).put("ratioToLeanBaseline", leanRatio)
                .summary(String.format("%s (%.2fx, %.2fx lean), %d duplicates, %.1f%% wasted claims, "
                        + "%.2f statements/msg", result.rateSummary(messages),
                        result.messagesPerSecond() / baseline.messagesPerSecond(), leanRatio, runs.duplicates(),
                        100 * result.claims().wastedShare(), result.statementsPerMessage())));
        return result;
    }

    /**
     * @return the unordered drain of one instance with the default strategy, which the ordered cases
     * are compared with: from this run's cases, or measured now if --instances left it out
     */
    private DrainResult unorderedOneInstance(PhaseReport report, DrainResult baseline, DrainResult lean,
            Map<ClaimStrategy, Map<Integer, DrainResult>> results) throws SQLException {
        ClaimStrategy strategy = defaultStrategy();
        DrainResult measured = results.getOrDefault(strategy, Map.of()).get(1);
        return (measured != null) ? measured : unordered(report, strategy, 1, baseline, lean);
    }

    private void addOrdered(PhaseReport report, DrainResult baseline, DrainResult unordered) throws SQLException {
        int messages = this.options.drainMessages();
        for (int keys : this.options.orderedKeys()) {
            OrderingKeys orderingKeys = new OrderingKeys(keys);
            DrainRuns runs = repeat("ordered-" + keys, orderingKeys,
                    sender -> this.drain.run(1, DispatcherSettings.CLAIM_STRATEGY.defaultValue(), messages, sender));
            DrainResult result = runs.median();
            double ratio = result.messagesPerSecond() / unordered.messagesPerSecond();
            report.add(measurement("ordered, " + orderingKeys, runs, baseline).put("orderingKeys", keys)
                    .put("ratioToUnorderedOneInstance", ratio)
                    .summary(String.format("%s (%.2fx unordered, 1 instance), %d order violations, %d duplicates, "
                            + "%.2f statements/msg", result.rateSummary(messages), ratio, runs.orderViolations(),
                            runs.duplicates(), result.statementsPerMessage())));
            double required = (keys == 1) ? ONE_KEY_RATIO : KEYS_RATIO;
            report.target("D ordered " + orderingKeys + " / unordered 1 instance", String.format(">= %.2f", required),
                    String.format("%.2f", ratio), ratio >= required);
        }
        long violations = sum(report, "orderViolations");
        report.target("D ordered: order violations", "0", Long.toString(violations), violations == 0);
    }

    private void addTargets(PhaseReport report, DrainResult baseline,
            Map<ClaimStrategy, Map<Integer, DrainResult>> results) {
        results.forEach((strategy, byInstances) -> {
            DrainResult one = byInstances.get(1);
            DrainResult most = byInstances.get(byInstances.keySet().stream().max(Integer::compare).orElseThrow());
            if (one != null) {
                double ratio = one.messagesPerSecond() / baseline.messagesPerSecond();
                report.target("D " + name(strategy) + ": 1 instance / plain drain", ">= 0.70",
                        String.format("%.2f", ratio), ratio >= 0.7);
                double scaling = most.messagesPerSecond() / one.messagesPerSecond();
                report.target("D " + name(strategy) + ": most instances / 1 instance", ">= 1.00",
                        String.format("%.2f", scaling), scaling >= 1.0);
            }
            double worstWaste = byInstances.values().stream().mapToDouble(r -> r.claims().wastedShare()).max()
                    .orElse(0);
            report.target("D " + name(strategy) + ": wasted claims", "< 5%",
                    String.format("%.1f%%", 100 * worstWaste), worstWaste < 0.05);
        });
    }

    /**
     * The targets against the lean baseline, of the strategy an instance claims with by default: 1 instance at
     * least half the lean drain, 2 instances at least 0.6 of it.
     */
    private static void addLeanTargets(PhaseReport report, DrainResult lean, Map<Integer, DrainResult> byInstances) {
        for (int instances : List.of(1, 2)) {
            double required = (instances == 1) ? 0.5 : 0.6;
            DrainResult result = byInstances.get(instances);
            if (result != null) {
                double ratio = result.messagesPerSecond() / lean.messagesPerSecond();
                report.target("D defaults: " + instances + " instance" + (instances > 1 ? "s" : "") + " / lean drain",
                        String.format(">= %.2f", required), String.format("%.2f", ratio), ratio >= required);
            }
        }
    }

    private ClaimStrategy defaultStrategy() {
        return this.database.supportsSkipLocked() ? DispatcherSettings.CLAIM_STRATEGY.defaultValue()
                : ClaimStrategy.OPTIMISTIC;
    }

    private static long sum(PhaseReport report, String figure) {
        return report.measurements().stream().mapToLong(m -> ((Number) m.figures().get(figure)).longValue()).sum();
    }

    private DrainRuns repeat(String keyPrefix, OrderingKeys orderingKeys, DrainRuns.Drain drain) throws SQLException {
        return DrainRuns.repeat(this.options.repeat(), run -> loadBacklog(keyPrefix + "-" + run, orderingKeys), drain);
    }

    private List<ClaimStrategy> strategies() {
        List<ClaimStrategy> strategies = new ArrayList<>();
        if (this.database.supportsSkipLocked()) {
            strategies.add(ClaimStrategy.SKIP_LOCKED);
        }
        strategies.add(ClaimStrategy.OPTIMISTIC);
        return strategies;
    }

    private void loadBacklog(String keyPrefix, OrderingKeys orderingKeys) {
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        this.database.loadDue(BenchmarkDatabase.OUTBOX_TABLE, this.options.drainMessages(), keyPrefix, orderingKeys);
        this.database.settle(BenchmarkDatabase.OUTBOX_TABLE);
    }

    private void loadLeanBacklog(String keyPrefix) {
        this.database.truncate(BenchmarkDatabase.LEAN_TABLE);
        this.database.loadLeanDue(this.options.drainMessages(), keyPrefix);
        this.database.settle(BenchmarkDatabase.LEAN_TABLE);
    }

    private static String name(ClaimStrategy strategy) {
        return (strategy == ClaimStrategy.SKIP_LOCKED) ? "skip-locked" : "optimistic";
    }

    private static Measurement measurement(String name, DrainRuns runs, DrainResult baseline) {
        DrainResult result = runs.median();
        return new Measurement(name).put("messages", result.messages())
                .put("runs", runs.results().size())
                .put("timedOut", result.timedOut())
                .put("messagesPerSecondOfEachRun",
                        runs.results().stream().map(r -> Measurement.round(r.messagesPerSecond())).toList())
                .put("seconds", result.elapsedNanos() / 1e9)
                .put("messagesPerSecond", result.messagesPerSecond())
                .put("ratioToBaseline", result.messagesPerSecond() / baseline.messagesPerSecond())
                .put("deliveries", runs.deliveries())
                .put("duplicates", runs.duplicates())
                .put("orderViolations", runs.orderViolations())
                .put("claims", result.claims().claims())
                .put("rowsLostToOtherInstances", result.claims().lostRows())
                .put("wastedClaimShare", result.claims().wastedShare())
                .put("statementsPerMessage", result.statementsPerMessage())
                .put("roundTripsPerMessage", result.roundTripsPerMessage())
                .put("statementMicrosPerMessage", result.statements().statementNanos() / 1e3 / result.messages())
                .put("commitMicrosPerMessage", result.statements().transactionEndNanos() / 1e3 / result.messages());
    }
}
