package dev.outbox.benchmark;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.outbox.dispatch.ClaimStrategy;

/**
 * D: how fast a backlog of due messages drains, with 1, 2 and 4 instances and each claim
 * strategy, against the plain-JDBC drain on the same table.
 */
final class DrainPhase {

    private final BenchmarkDatabase database;

    private final BenchmarkOptions options;

    DrainPhase(BenchmarkDatabase database, BenchmarkOptions options) {
        this.database = database;
        this.options = options;
    }

    PhaseReport run() throws SQLException {
        int messages = this.options.drainMessages();
        PhaseReport report = new PhaseReport("D", "Drain " + messages + " due messages");
        PlainDrain plain = new PlainDrain(this.database);
        DrainRuns baselineRuns = repeat("baseline", sender -> plain.run(messages, sender));
        DrainResult baseline = baselineRuns.median();
        report.add(measurement("plain JDBC, 1 instance", baselineRuns, baseline)
                .summary(String.format("%s, %.2f statements/msg", baseline.rateSummary(messages),
                        baseline.statementsPerMessage())));
        LibraryDrain drain = new LibraryDrain(this.database, this.options.timeout());
        Map<ClaimStrategy, Map<Integer, DrainResult>> results = new EnumMap<>(ClaimStrategy.class);
        for (ClaimStrategy strategy : strategies()) {
            for (int instances : this.options.instanceCounts()) {
                DrainRuns runs = repeat(strategy + "-" + instances,
                        sender -> drain.run(instances, strategy, messages, sender));
                DrainResult result = runs.median();
                results.computeIfAbsent(strategy, s -> new TreeMap<>()).put(instances, result);
                report.add(measurement(name(strategy) + ", " + instances + " instance" + (instances > 1 ? "s" : ""),
                        runs, baseline)
                        .summary(String.format("%s (%.2fx), %d duplicates, %.1f%% wasted claims, "
                                + "%.2f statements/msg", result.rateSummary(messages),
                                result.messagesPerSecond() / baseline.messagesPerSecond(), runs.duplicates(),
                                100 * result.claims().wastedShare(), result.statementsPerMessage())));
            }
        }
        addTargets(report, baseline, results);
        return report;
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
        long duplicates = report.measurements().stream()
                .mapToLong(m -> ((Number) m.figures().get("duplicates")).longValue()).sum();
        report.target("D: duplicate deliveries", "0", Long.toString(duplicates), duplicates == 0);
    }

    private DrainRuns repeat(String keyPrefix, DrainRuns.Drain drain) throws SQLException {
        return DrainRuns.repeat(this.options.repeat(), run -> loadBacklog(keyPrefix + "-" + run), drain);
    }

    private List<ClaimStrategy> strategies() {
        List<ClaimStrategy> strategies = new ArrayList<>();
        if (this.database.supportsSkipLocked()) {
            strategies.add(ClaimStrategy.SKIP_LOCKED);
        }
        strategies.add(ClaimStrategy.OPTIMISTIC);
        return strategies;
    }

    private void loadBacklog(String keyPrefix) {
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        this.database.loadDue(BenchmarkDatabase.OUTBOX_TABLE, this.options.drainMessages(), keyPrefix);
        this.database.settle(BenchmarkDatabase.OUTBOX_TABLE);
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
                .put("claims", result.claims().claims())
                .put("rowsLostToOtherInstances", result.claims().lostRows())
                .put("wastedClaimShare", result.claims().wastedShare())
                .put("statementsPerMessage", result.statementsPerMessage())
                .put("roundTripsPerMessage", result.roundTripsPerMessage())
                .put("statementMicrosPerMessage", result.statements().statementNanos() / 1e3 / result.messages())
                .put("commitMicrosPerMessage", result.statements().transactionEndNanos() / 1e3 / result.messages());
    }
}
