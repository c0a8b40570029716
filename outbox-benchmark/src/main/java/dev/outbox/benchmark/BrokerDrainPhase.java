/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

import dev.outbox.DispatcherSettings;
import dev.outbox.spi.MessageSender;
import dev.outbox.store.ClaimStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * B: what a real broker costs. D's backlog drained by one instance with default settings, once with D's sender,
 * which acknowledges at once, then through each broker with its module's sender, against its real server; each
 * drain runs --repeat times on a freshly loaded table, and the run of median rate is the figure. Every drain through
 * a broker sends to a destination made for it, deleted after it.
 */
final class BrokerDrainPhase {

    private static final Logger logger = LoggerFactory.getLogger(BrokerDrainPhase.class);

    private final BenchmarkDatabase database;

    private final BenchmarkOptions options;

    private final Map<String, Supplier<BrokerFixture>> brokers;

    private final ClaimStrategy strategy;

    BrokerDrainPhase(BenchmarkDatabase database, BenchmarkOptions options) {
        this(database, options, BrokerFixtures.selected(options.brokers()));
    }

    /**
     * @param brokers a maker of the fixture of each broker to drain through, by the broker's name, in order
     */
    BrokerDrainPhase(BenchmarkDatabase database, BenchmarkOptions options,
            Map<String, Supplier<BrokerFixture>> brokers) {
        this.database = database;
        this.options = options;
        this.brokers = brokers;
        this.strategy = database.supportsSkipLocked() ? DispatcherSettings.CLAIM_STRATEGY.defaultValue()
                : ClaimStrategy.OPTIMISTIC;
    }

    PhaseReport run() throws Exception {
        int messages = this.options.drainMessages();
        PhaseReport report = new PhaseReport("B", "Drain " + messages + " due messages through each real broker, "
                + "1 instance");
        LibraryDrain acknowledgingDrain = new LibraryDrain(this.database, this.options);
        DrainRuns acknowledgingRuns = DrainRuns.repeat(this.options.repeat(),
                run -> loadBacklog(Payloads.TOPIC, "acknowledging-" + run),
                sender -> acknowledgingDrain.run(1, this.strategy, messages, sender));
        DrainResult acknowledging = acknowledgingRuns.median();
        report.add(new Measurement("acknowledging sender (D)").put("messages", acknowledging.messages())
                .put("timedOut", acknowledging.timedOut())
                .put("messagesPerSecondOfEachRun", rates(acknowledgingRuns.results()))
                .put("messagesPerSecond", acknowledging.messagesPerSecond())
                .put("duplicates", acknowledgingRuns.duplicates())
                .summary(acknowledging.rateSummary(messages)));
        for (Map.Entry<String, Supplier<BrokerFixture>> broker : this.brokers.entrySet()) {
            drainThrough(broker.getKey(), broker.getValue(), report, acknowledging);
        }
        return report;
    }

    private void drainThrough(String name, Supplier<BrokerFixture> fixture, PhaseReport report,
            DrainResult acknowledging) throws Exception {
        try (BrokerFixture broker = fixture.get()) {
            MessageSender sender;
            try {
                sender = broker.start();
            }
            catch (BrokerUnavailableException ex) {
                if (this.options.brokers().named()) {
                    throw new IllegalStateException("Phase B cannot drain through " + name + ", which --brokers "
                            + "names (start its server, or leave it out of --brokers): " + ex.getMessage(), ex);
                }
                logger.warn("Phase B skips {}: {}", name, ex.getMessage());
                report.add(new Measurement(name).put("skipped", ex.getMessage())
                        .summary("skipped: " + ex.getMessage()));
                return;
            }
            BrokerDrain drain = new BrokerDrain(this.database, this.options, this.strategy);
            List<BrokerDrain.BrokerRun> runs = new ArrayList<>();
            for (int run = 1; run <= this.options.repeat(); run++) {
                String topic = "outbox-benchmark-" + name + "-" + UUID.randomUUID().toString().substring(0, 8);
                broker.createDestination(topic);
                try {
                    loadBacklog(topic, name + "-" + run);
                    runs.add(drain.run(broker, sender, topic, this.options.drainMessages()));
                }
                finally {
                    broker.deleteDestination(topic);
                }
                if (runs.get(runs.size() - 1).drain().timedOut()) {
                    break;
                }
            }
            report(name, broker, runs, acknowledging, report);
        }
    }

    private void report(String name, BrokerFixture broker, List<BrokerDrain.BrokerRun> runs, DrainResult acknowledging,
            PhaseReport report) {
        int messages = this.options.drainMessages();
        BrokerDrain.BrokerRun median = median(runs);
        DrainResult result = median.drain();
        double ratio = result.messagesPerSecond() / acknowledging.messagesPerSecond();
        long failedAttempts = runs.stream().mapToLong(BrokerDrain.BrokerRun::failedAttempts).sum();
        List<Long> atBroker = runs.stream().map(BrokerDrain.BrokerRun::messagesAtBroker).toList();
        report.add(new Measurement(name).put("server", broker.server()).put("setup", broker.setup())
                .put("messages", result.messages())
                .put("runs", runs.size())
                .put("timedOut", result.timedOut())
                .put("messagesPerSecondOfEachRun", rates(runs.stream().map(BrokerDrain.BrokerRun::drain).toList()))
                .put("seconds", result.elapsedNanos() / 1e9)
                .put("messagesPerSecond", result.messagesPerSecond())
                .put("ratioToAcknowledging", ratio)
                .put("failedAttempts", failedAttempts)
                .put("routePauses", runs.stream().mapToLong(BrokerDrain.BrokerRun::routePauses).sum())
                .put("messagesAtBrokerOfEachRun", atBroker)
                .put("statementsPerMessage", result.statementsPerMessage())
                .summary(String.format("%s (%.2fx the acknowledging sender); %s; %s; %d failed attempts",
                        result.rateSummary(messages), ratio, broker.server(), broker.setup(), failedAttempts)));
        boolean complete = runs.stream().allMatch(run -> !run.drain().timedOut() && run.messagesAtBroker() == messages);
        report.target("B " + name + ": every message SENT and held by the broker, each run", messages + " of "
                + messages, "at the broker: " + atBroker, complete);
    }

    /** The run of median rate, or the run that timed out, which ends the runs. */
    private static BrokerDrain.BrokerRun median(List<BrokerDrain.BrokerRun> runs) {
        BrokerDrain.BrokerRun last = runs.get(runs.size() - 1);
        if (last.drain().timedOut()) {
            return last;
        }
        List<BrokerDrain.BrokerRun> byRate = new ArrayList<>(runs);
        byRate.sort(Comparator.comparingDouble(run -> run.drain().messagesPerSecond()));
        return byRate.get(byRate.size() / 2);
    }

    private static List<Double> rates(List<DrainResult> results) {
        return results.stream().map(result -> Measurement.round(result.messagesPerSecond())).toList();
    }

    private void loadBacklog(String topic, String keyPrefix) {
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        this.database.loadDue(BenchmarkDatabase.OUTBOX_TABLE, this.options.drainMessages(), keyPrefix,
                OrderingKeys.NONE, topic);
        this.database.settle(BenchmarkDatabase.OUTBOX_TABLE);
    }
}
