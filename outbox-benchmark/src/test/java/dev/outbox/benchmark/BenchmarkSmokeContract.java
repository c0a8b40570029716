/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs every phase of the benchmark at a tiny size: it must finish, print a JSON line per phase and
 * the tables, deliver every message exactly once and every ordering key's messages in order, and
 * lose no business transaction. Speed is the benchmark's to measure, not the tests'.
 */
abstract class BenchmarkSmokeContract {

    abstract String url();

    abstract String user();

    abstract String password();

    @Test
    void everyPhaseRunsAndReportsCorrectDeliveries() throws Exception {
        // The ordered drains have a test of their own, with few enough messages to drain in seconds at one per poll.
        BenchmarkOptions options = BenchmarkOptions.parse(password(), "--url=" + url(), "--user=" + user(),
                "--writers=4", "--transactions=200", "--drain=300", "--instances=1,2", "--repeat=2", "--ordered-keys=",
                "--sequenced-keys=20", "--rate=100", "--seconds=1", "--outage-seconds=1", "--old-rows=1000",
                "--backlog=1000", "--backlog-heap=64m", "--idle-seconds=2", "--kill-lease-seconds=", "--timeout=60");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        List<PhaseReport> reports = new Benchmark(options, new PrintStream(printed, true, StandardCharsets.UTF_8)).run();

        assertThat(reports).extracting(PhaseReport::phase).containsExactly("W", "D", "L", "O", "R", "S", "I");
        List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();
        JsonMapper json = JsonMapper.builder().build();
        List<Map<String, Object>> phases = lines.stream().filter(line -> line.startsWith("{"))
                .map(line -> json.readValue(line, new TypeReference<Map<String, Object>>() {
                })).toList();
        assertThat(phases).extracting(phase -> phase.get("phase")).containsExactly("W", "D", "L", "O", "R", "S", "I");
        assertThat(lines).contains("| Phase | Case | Result |", "| Target | Required | Measured | Met |");

        assertThat(target(reports, "W: failed business transactions").met()).isTrue();
        assertThat(target(reports, "D: duplicate deliveries").met()).isTrue();
        assertThat(target(reports, "S: backlog drained at -Xmx64m").measured()).isEqualTo("1000 SENT, 0 PENDING");
        assertThat(figure(reports, "W", "outbox", "messagesSaved")).isEqualTo(200L);
        assertThat(phase(reports, "W").measurements()).extracting(Measurement::name)
                .contains("lean baseline", "outbox, traced");
        assertThat(phase(reports, "D").measurements()).extracting(Measurement::name)
                .contains("lean JDBC, 2 workers, batches of 500");
        assertThat(target(reports, "D defaults: 1 instance / lean drain").measured()).isNotBlank();
        for (Measurement drain : phase(reports, "D").measurements()) {
            assertThat(drain.figures()).containsEntry("runs", 2).containsEntry("deliveries", 600L)
                    .containsEntry("duplicates", 0L);
        }
        assertThat(phase(reports, "L").measurements()).extracting(Measurement::name).contains("ordered, 50 keys");
        for (Measurement latency : phase(reports, "L").measurements()) {
            assertThat(latency.figures()).containsEntry("duplicates", 0L).containsEntry("failed", 0L)
                    .containsEntry("orderViolations", 0L);
            assertThat((Integer) latency.figures().get("samples")).isPositive();
        }
        Measurement outage = phase(reports, "O").measurements().get(0);
        assertThat((Long) outage.figures().get("backlog")).isPositive();
        assertThat(outage.figures()).containsEntry("sent", outage.figures().get("backlog"))
                .containsEntry("timedOut", false).containsEntry("failed", 0L);
        assertThat(target(reports, "O: backlog SENT after the outage").met()).isTrue();
        assertThat(target(reports, "O: order violations").met()).isTrue();
        assertThat(target(reports, "O: duplicate deliveries").met()).isTrue();
        List<Measurement> recoveries = phase(reports, "R").measurements();
        assertThat(recoveries).extracting(Measurement::name).containsExactly("no ordering keys, broker unreachable 1 s",
                "ordered, 50 keys, broker unreachable 1 s", "no ordering keys, broker unreachable 1 s, outage not "
                        + "recognised (each failure spends an attempt, as before)");
        assertThat((Long) recoveries.get(2).figures().get("attemptsSpent")).isPositive();
        for (Measurement recovery : recoveries.subList(0, 2)) {
            assertThat((Long) recovery.figures().get("backlog")).isPositive();
            assertThat(recovery.figures()).containsEntry("timedOut", false).containsEntry("failed", 0L)
                    .containsEntry("attemptsSpent", 0L).containsEntry("duplicates", 0L)
                    .containsEntry("orderViolations", 0L);
        }
        assertThat(target(reports, "R: messages FAILED").met()).isTrue();
        assertThat(target(reports, "R (50 keys): duplicates and order violations").met()).isTrue();
    }

    @Test
    void orderedDrainsSendEveryMessageOnceInItsKeysOrder() throws Exception {
        // Five messages: they drain in seconds even where each key sends one message per poll interval.
        BenchmarkOptions options = BenchmarkOptions.parse(password(), "--url=" + url(), "--user=" + user(),
                "--phases=D", "--drain=5", "--instances=1", "--repeat=1", "--ordered-keys=1,2", "--timeout=60");

        List<PhaseReport> reports = new Benchmark(options, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8)).run();

        List<Measurement> drains = phase(reports, "D").measurements();
        assertThat(drains).extracting(Measurement::name).contains("ordered, 1 key", "ordered, 2 keys");
        for (Measurement drain : drains) {
            assertThat(drain.figures()).containsEntry("runs", 1).containsEntry("timedOut", false)
                    .containsEntry("deliveries", 5L).containsEntry("duplicates", 0L)
                    .containsEntry("orderViolations", 0L);
        }
        assertThat(target(reports, "D ordered: order violations").met()).isTrue();
        assertThat(target(reports, "D: duplicate deliveries").met()).isTrue();
    }

    private static PhaseReport phase(List<PhaseReport> reports, String phase) {
        return reports.stream().filter(report -> report.phase().equals(phase)).findFirst()
                .orElseThrow(() -> new AssertionError("no phase " + phase));
    }

    private static Target target(List<PhaseReport> reports, String name) {
        return reports.stream().flatMap(report -> report.targets().stream()).filter(t -> t.name().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError("no target " + name));
    }

    private static Object figure(List<PhaseReport> reports, String phase, String measurement, String figure) {
        return phase(reports, phase).measurements().stream().filter(m -> m.name().equals(measurement))
                .findFirst().orElseThrow().figures().get(figure);
    }
}
