/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs phase B at a tiny size through one real broker: the drain must finish, every message must be SENT and
 * held by the broker, and the phase must report the broker's server beside the acknowledging sender's drain. Speed
 * is the benchmark's to measure, not the tests'. On an H2 file database: the broker is what is tested here, and
 * the database side of the drain is D's, which {@link BenchmarkSmokeContract} runs on every database.
 */
abstract class BrokerDrainSmokeContract {

    private static final int MESSAGES = 200;

    private final String broker;

    /**
     * @param broker the broker's name in --brokers
     */
    BrokerDrainSmokeContract(String broker) {
        this.broker = broker;
    }

    /**
     * @return the options that say where the broker's server is; none for a broker in the benchmark's JVM
     */
    List<String> serverOptions() {
        return List.of();
    }

    @Test
    void aBacklogDrainsThroughTheRealBrokerWhichHoldsEveryMessage() throws Exception {
        List<String> arguments = new ArrayList<>(List.of("--url=" + h2Url(), "--user=sa", "--phases=B",
                "--brokers=" + this.broker, "--drain=" + MESSAGES, "--repeat=1", "--timeout=60"));
        arguments.addAll(serverOptions());
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        List<PhaseReport> reports = new Benchmark(BenchmarkOptions.parse("", arguments.toArray(String[]::new)),
                new PrintStream(printed, true, StandardCharsets.UTF_8)).run();

        List<Measurement> cases = reports.get(0).measurements();
        assertThat(cases).extracting(Measurement::name).containsExactly("acknowledging sender (D)", this.broker);
        assertThat(cases.get(0).figures()).containsEntry("messages", (long) MESSAGES).containsEntry("timedOut", false)
                .containsEntry("duplicates", 0L);
        assertThat(cases.get(1).figures()).containsEntry("messages", (long) MESSAGES).containsEntry("timedOut", false)
                .containsEntry("messagesAtBrokerOfEachRun", List.of((long) MESSAGES))
                .containsKeys("server", "setup", "ratioToAcknowledging", "failedAttempts");
        assertThat(reports.get(0).targets()).singleElement().satisfies(target -> assertThat(target.met()).isTrue());
        Map<String, Object> line = JsonMapper.builder().build().readValue(printed.toString(StandardCharsets.UTF_8)
                .lines().filter(printedLine -> printedLine.startsWith("{")).findFirst().orElseThrow(),
                new TypeReference<Map<String, Object>>() {
                });
        assertThat(line).containsEntry("phase", "B");
    }

    private String h2Url() {
        return "jdbc:h2:file:" + Path.of("target", "broker-smoke", this.broker).toAbsolutePath();
    }
}
