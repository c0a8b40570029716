/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tools.jackson.databind.json.JsonMapper;

/**
 * Measures the outbox on a real database against plain-JDBC baselines run in the same process on
 * the same tables: W (write), D (drain), L (latency), O (outage, ordered), R (recovery from an unreachable
 * broker), S (scale) and I (idle); and on request B, the drain through each real broker.
 * Prints one JSON line per phase as it finishes, then a markdown table of the run.
 */
public final class Benchmark {

    /** Every phase, in the order a run without --phases runs them. */
    static final List<String> PHASES = List.of("W", "D", "L", "O", "R", "S", "I");

    /** The phases that run only when --phases names them: B needs broker servers and starts two brokers. */
    static final List<String> PHASES_ON_REQUEST = List.of("B");

    private final BenchmarkOptions options;

    private final PrintStream out;

    Benchmark(BenchmarkOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    /**
     * @param arguments {@code --url=JDBC_URL} and options; see {@link BenchmarkOptions#USAGE}
     */
    public static void main(String[] arguments) throws Exception {
        BenchmarkOptions options;
        try {
            options = BenchmarkOptions.parse(System.getenv(BenchmarkOptions.PASSWORD_VARIABLE), arguments);
        }
        catch (IllegalArgumentException ex) {
            System.err.println(ex.getMessage());
            System.err.println(BenchmarkOptions.USAGE);
            System.exit(2);
            return;
        }
        new Benchmark(options, System.out).run();
    }

    /**
     * @return each phase's report
     */
    List<PhaseReport> run() throws Exception {
        Set<String> unknown = new LinkedHashSet<>(this.options.phases());
        unknown.removeAll(PHASES);
        unknown.removeAll(PHASES_ON_REQUEST);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown phase(s) " + unknown + "; the phases are "
                    + String.join(", ", PHASES) + ", and on request " + String.join(", ", PHASES_ON_REQUEST));
        }
        JsonMapper json = JsonMapper.builder().build();
        List<PhaseReport> reports = new ArrayList<>();
        try (BenchmarkDatabase database = new BenchmarkDatabase(this.options)) {
            String product = database.productVersion();
            database.recreateTables();
            if (!this.options.withoutIndexes().isEmpty()) {
                database.dropOutboxIndexes(this.options.withoutIndexes());
                this.out.println("Measuring without the outbox table's indexes " + this.options.withoutIndexes()
                        + ": the outbox needs them; this run only measures what they cost.");
            }
            for (String phase : this.options.phases()) {
                PhaseReport report = runPhase(phase, database);
                reports.add(report);
                this.out.println(json.writeValueAsString(report.toJson(product)));
                this.out.flush();
            }
            this.out.println();
            this.out.print(MarkdownReport.render(product, reports));
            this.out.flush();
        }
        return reports;
    }

    private PhaseReport runPhase(String phase, BenchmarkDatabase database) throws Exception {
        return switch (phase) {
            case "W" -> new WritePhase(database, this.options).run();
            case "D" -> new DrainPhase(database, this.options).run();
            case "L" -> new LatencyPhase(database, this.options).run();
            case "O" -> new OutagePhase(database, this.options).run();
            case "R" -> new RecoveryPhase(database, this.options).run();
            case "S" -> new ScalePhase(database, this.options).run();
            case "I" -> new IdlePhase(database, this.options).run();
            case "B" -> new BrokerDrainPhase(database, this.options).run();
            default -> throw new IllegalArgumentException("unknown phase " + phase);
        };
    }
}
