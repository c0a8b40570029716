/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.outbox.DispatcherSettings;
import dev.outbox.store.ClaimStrategy;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Scale: the drain rate with a million old SENT rows in the table against an empty table, and a
 * million-message backlog drained by a dispatcher whose JVM has a small heap.
 */
final class ScalePhase {

    private final BenchmarkDatabase database;

    private final BenchmarkOptions options;

    private final ClaimStrategy strategy;

    ScalePhase(BenchmarkDatabase database, BenchmarkOptions options) {
        this.database = database;
        this.options = options;
        this.strategy = DispatcherSettings.CLAIM_STRATEGY.defaultValue();
    }

    PhaseReport run() throws IOException, InterruptedException, SQLException {
        PhaseReport report = new PhaseReport("S", "Drain with " + this.options.oldRows() + " old SENT rows; drain a "
                + this.options.backlog() + "-message backlog at -Xmx" + this.options.backlogHeap());
        LibraryDrain drain = new LibraryDrain(this.database, this.options);
        int messages = this.options.drainMessages();

        DrainRuns emptyRuns = DrainRuns.repeat(this.options.repeat(), run -> {
            this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
            loadDue(messages, "empty-" + run);
        }, sender -> drain.run(1, this.strategy, messages, sender));
        DrainResult empty = emptyRuns.median();
        report.add(measurement("empty table", emptyRuns)
                .summary(empty.rateSummary(messages)));

        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        this.database.loadSent(BenchmarkDatabase.OUTBOX_TABLE, this.options.oldRows(), "old");
        // Each run adds its drained messages to the old rows: a few percent more, as in a table in use.
        DrainRuns oldRuns = DrainRuns.repeat(this.options.repeat(), run -> loadDue(messages, "new-" + run),
                sender -> drain.run(1, this.strategy, messages, sender));
        DrainResult old = oldRuns.median();
        double ratio = old.messagesPerSecond() / empty.messagesPerSecond();
        report.add(measurement(this.options.oldRows() + " old SENT rows", oldRuns).put("ratioToEmptyTable", ratio)
                .summary(String.format("%s (%.2fx the empty table)", old.rateSummary(messages), ratio)));
        report.target("S: drain with old rows / empty table", ">= 0.90", String.format("%.2f", ratio), ratio >= 0.9);

        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        loadDue(this.options.backlog(), "backlog");
        Map<String, Object> backlog = drainInSmallJvm();
        long left = this.database.count(BenchmarkDatabase.OUTBOX_TABLE, "PENDING");
        long sent = this.database.count(BenchmarkDatabase.OUTBOX_TABLE, "SENT");
        Measurement measurement = new Measurement(this.options.backlog() + " backlog at -Xmx" + this.options.backlogHeap());
        backlog.forEach(measurement::put);
        measurement.put("sentInDatabase", sent).put("pendingInDatabase", left);
        report.add(measurement.summary(String.format("%s msg/s, %s s, peak heap %s MB of %s MB, %d SENT, %d PENDING",
                backlog.get("messagesPerSecond"), backlog.get("seconds"), backlog.get("peakHeapUsedMegabytes"),
                backlog.get("maxHeapMegabytes"), sent, left)));
        report.target("S: backlog drained at -Xmx" + this.options.backlogHeap(), "all SENT",
                sent + " SENT, " + left + " PENDING", sent == this.options.backlog() && left == 0);
        return report;
    }

    private void loadDue(int dueMessages, String keyPrefix) {
        this.database.loadDue(BenchmarkDatabase.OUTBOX_TABLE, dueMessages, keyPrefix);
        this.database.settle(BenchmarkDatabase.OUTBOX_TABLE);
    }

    private static Measurement measurement(String name, DrainRuns runs) {
        DrainResult median = runs.median();
        return new Measurement(name).put("messagesPerSecond", median.messagesPerSecond())
                .put("timedOut", median.timedOut())
                .put("messagesPerSecondOfEachRun",
                        runs.results().stream().map(r -> Measurement.round(r.messagesPerSecond())).toList())
                .put("statementsPerMessage", median.statementsPerMessage())
                .put("duplicates", runs.duplicates());
    }

    private Map<String, Object> drainInSmallJvm() throws IOException, InterruptedException {
        Process process = ChildJvm.start(BacklogDrain.class, List.of("-Xmx" + this.options.backlogHeap()),
                List.of(this.strategy.name(), Integer.toString(this.options.backlog()), "--url=" + this.options.url(),
                        "--user=" + this.options.user(), "--timeout=" + this.options.timeout().toSeconds(),
                        "--batch-size=" + this.options.batchSize(), "--threads=" + this.options.threads(),
                        "--locked-send-window-ms=" + this.options.lockedSendWindow().toMillis()),
                this.options.password());
        // The result is its last JSON line: a log line may come after it where logging goes to stdout (in tests).
        String lastLine = null;
        String result = null;
        try (BufferedReader output = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = output.readLine(); line != null; line = output.readLine()) {
                lastLine = line;
                if (line.startsWith("{")) {
                    result = line;
                }
            }
        }
        if (!process.waitFor(this.options.timeout().toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("the backlog drain did not finish within " + this.options.timeout());
        }
        if (process.exitValue() != 0 || result == null) {
            throw new IllegalStateException("the backlog drain failed with exit code " + process.exitValue()
                    + (lastLine != null ? ": " + lastLine : ""));
        }
        return JsonMapper.builder().build().readValue(result, new TypeReference<Map<String, Object>>() {
        });
    }
}
