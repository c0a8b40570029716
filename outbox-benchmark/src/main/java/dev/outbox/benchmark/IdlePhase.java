/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.OptionalLong;

import dev.outbox.DispatcherSettings;
import dev.outbox.metrics.OutboxMetrics;

/**
 * I: what an idle instance costs the database: a started dispatcher over an empty table, counted
 * from its start, backing off included.
 */
final class IdlePhase {

    private final BenchmarkDatabase database;

    private final BenchmarkOptions options;

    IdlePhase(BenchmarkDatabase database, BenchmarkOptions options) {
        this.database = database;
        this.options = options;
    }

    PhaseReport run() {
        PhaseReport report = new PhaseReport("I", "An idle instance for " + this.options.idleSeconds() + " s");
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        try (OutboxInstance instance = new OutboxInstance(this.database, "idle", 2,
                DispatcherSettings.CLAIM_STRATEGY.defaultValue(), AckingSender.tracking(), OutboxMetrics.NONE,
                OutboxInstance.CommitNotification.HANDOFF)) {
            OptionalLong serverBefore = this.database.serverStatements();
            StatementCounter.Snapshot before = instance.counter().snapshot();
            instance.start();
            Waiting.sleep(this.options.idleSeconds() * 1000L);
            StatementCounter.Snapshot used = instance.counter().snapshot().minus(before);
            OptionalLong serverAfter = this.database.serverStatements();
            double seconds = this.options.idleSeconds();
            double queriesPerSecond = used.statements() / seconds;
            double perPollInterval = queriesPerSecond * DispatcherSettings.POLL_INTERVAL.defaultValue().toMillis() / 1000.0;
            Measurement measurement = report.add(new Measurement("idle instance, default settings")
                    .put("seconds", seconds)
                    .put("queries", used.statements())
                    .put("commits", used.transactionEnds())
                    .put("queriesPerSecond", queriesPerSecond)
                    .put("queriesPerPollInterval", perPollInterval));
            String server = "";
            if (serverBefore.isPresent() && serverAfter.isPresent()) {
                // The second SHOW STATUS counts itself; nothing else runs.
                long serverStatements = serverAfter.getAsLong() - serverBefore.getAsLong() - 1;
                measurement.put("serverStatementsPerSecond", serverStatements / seconds);
                server = String.format(", server counted %.2f statements/s (commits and session settings included)",
                        serverStatements / seconds);
            }
            measurement.summary(String.format("%d queries and %d commits in %.0f s: %.2f queries/s%s", used.statements(),
                    used.transactionEnds(), seconds, queriesPerSecond, server));
            report.target("I: queries per poll interval (" + DispatcherSettings.POLL_INTERVAL.defaultValue().toSeconds()
                    + " s) of an idle instance", "<= 1", String.format("%.2f", perPollInterval), perPollInterval <= 1);
        }
        return report;
    }
}
