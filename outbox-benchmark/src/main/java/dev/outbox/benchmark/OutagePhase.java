/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.time.Duration;
import java.util.Map;

import dev.outbox.DispatcherSettings;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;

/**
 * O: a broker outage with ordered messages. With the dispatcher running, writers save one message
 * per transaction, with the 50 ordering keys in turn, at a steady rate while the broker refuses
 * every send; when the outage ends the writers stop and the broker acknowledges again. Measured: the
 * backlog at the end of the outage, the time from the broker's recovery until every row is SENT, the
 * drain rate over that time (backlog / drain time), messages that arrived out of their key's order,
 * and duplicates. Failed sends are retried after 100 ms doubling to at most 1 s (jitter 0.5, an
 * attempt limit no outage here reaches), so that the drain measures the dispatcher, not the back-off
 * of the default retry policy.
 */
final class OutagePhase {

    private static final RetryPolicy SHORT_RETRIES = new RetryPolicy(Duration.ofMillis(100), 2.0,
            Duration.ofSeconds(1), 0.5, 1_000_000);

    private final BenchmarkDatabase database;

    private final BenchmarkOptions options;

    OutagePhase(BenchmarkDatabase database, BenchmarkOptions options) {
        this.database = database;
        this.options = options;
    }

    PhaseReport run() {
        OrderingKeys orderingKeys = OrderingKeys.STEADY_LOAD;
        int outageSeconds = this.options.outageSeconds();
        PhaseReport report = new PhaseReport("O", String.format("Broker down for %d s while %d transactions/s "
                + "save messages of %s in turn, then the drain; retries after 100 ms doubling to 1 s, jitter 0.5",
                outageSeconds, this.options.rate(), orderingKeys));
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        AckingSender sender = AckingSender.tracking();
        sender.down(true);
        try (OutboxInstance instance = new OutboxInstance(this.database, "outage", SteadyWrites.THREADS + 2,
                DispatcherSettings.CLAIM_STRATEGY.defaultValue(), sender, OutboxMetrics.NONE,
                OutboxInstance.CommitNotification.HANDOFF, new RetryPolicies(SHORT_RETRIES, Map.of(), null))) {
            instance.start();
            SteadyWrites writes = SteadyWrites.start(this.options.rate(),
                    new OrderTransaction(instance, "outage", orderingKeys));
            try (writes) {
                Waiting.sleep(outageSeconds * 1000L);
                writes.stop(this.options.timeout());
            }
            long saved = this.database.countAll(BenchmarkDatabase.OUTBOX_TABLE);
            long backlog = saved - this.database.count(BenchmarkDatabase.OUTBOX_TABLE, "SENT");
            StatementCounter.Snapshot before = instance.counter().snapshot();
            long recovered = System.nanoTime();
            sender.down(false);
            boolean drained = Waiting.allSent(this.database, sender, saved, this.options.timeout());
            long elapsed = System.nanoTime() - recovered;
            long sent = drained ? backlog : this.database.count(BenchmarkDatabase.OUTBOX_TABLE, "SENT");
            DrainResult drain = new DrainResult(sent, elapsed, new ClaimTally(),
                    instance.counter().snapshot().minus(before), !drained);
            String drainSummary = drained ? String.format("all SENT %.1f s after the recovery, %.0f msg/s",
                    elapsed / 1e9, drain.messagesPerSecond()) : "after the recovery " + drain.rateSummary(backlog);
            double writeRate = (double) writes.started() / outageSeconds;
            report.add(new Measurement("ordered, " + orderingKeys + ", broker down " + outageSeconds + " s")
                    .put("outageSeconds", outageSeconds)
                    .put("transactionsPerSecond", writeRate)
                    .put("failed", writes.failed())
                    .put("saved", saved)
                    .put("refusedSends", sender.refused())
                    .put("backlog", backlog)
                    .put("sent", sent)
                    .put("timedOut", drain.timedOut())
                    .put("drainSeconds", elapsed / 1e9)
                    .put("drainMessagesPerSecond", drain.messagesPerSecond())
                    .put("statementsPerMessage", drain.statementsPerMessage())
                    .put("orderViolations", sender.orderViolations())
                    .put("keysOutOfOrder", sender.keysOutOfOrder())
                    .put("duplicates", sender.duplicates())
                    .summary(String.format("backlog %d at the end of the outage; %s; %d order violations (%d keys), "
                            + "%d duplicates; %d saved at %.0f tx/s, %d failed, %d sends refused", backlog,
                            drainSummary, sender.orderViolations(), sender.keysOutOfOrder(), sender.duplicates(), saved,
                            writeRate, writes.failed(), sender.refused())));
            report.target("O: order violations", "0", Long.toString(sender.orderViolations()),
                    sender.orderViolations() == 0);
            report.target("O: duplicate deliveries", "0", Long.toString(sender.duplicates()), sender.duplicates() == 0);
            report.target("O: backlog SENT after the outage", "all SENT", sent + " of " + backlog + " SENT", drained);
        }
        return report;
    }
}
