/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.outbox.DispatcherSettings;

/**
 * The benchmark's command line: {@code --name=value} pairs, each with the figure as default.
 *
 * @param url the JDBC URL of a database the benchmark may fill and drop its {@code bench_*} tables in
 * @param user the database user, or empty to take it from the URL
 * @param password the password, from the environment variable {@value #PASSWORD_VARIABLE}, or empty
 * @param phases which phases to run: W, D, L, O, R, S, I, and B on request
 * @param writers writer threads of the write phase
 * @param transactions transactions of the write phase, per variant
 * @param drainMessages due messages each drain starts with
 * @param instanceCounts the instance counts the drain phase runs with
 * @param repeat how often each drain runs; the run of median rate is reported
 * @param orderedKeys the drain phase's ordered cases: how many ordering keys each has; none for no ordered case
 * @param sequencedKeys W's sequenced case: how many ordering keys its ordered and sequenced saves spread over;
 * none for no such case
 * @param rate transactions per second of the latency and outage phases
 * @param latencySeconds how long the latency phase measures
 * @param outageSeconds how long the broker refuses every message in the outage phase
 * @param oldRows SENT rows in the table for the scale phase
 * @param backlog due messages the scale phase drains in a JVM of small heap
 * @param backlogHeap that JVM's {@code -Xmx}
 * @param idleSeconds how long the idle phase listens
 * @param timeout how long any one measurement may take: a drain that takes longer reports how far it
 * got, anything else fails the run
 * @param withoutIndexes secondary indexes of the outbox's table to drop, to measure what each costs
 * @param batchSize the batch size of each dispatcher of the drains
 * @param threads the threads of each dispatcher of the drains
 * @param lockedSendWindow the locked send window of each dispatcher of the drains; zero leases every claim first
 * @param killLeaseSeconds the leases, in seconds, of the instances the recovery phase kills with SIGKILL; none
 * to leave that measurement out
 * @param brokers which brokers phase B drains through, and where their servers are
 */
record BenchmarkOptions(String url, String user, String password, Set<String> phases, int writers,
        int transactions, int drainMessages, List<Integer> instanceCounts, int repeat, List<Integer> orderedKeys,
        List<Integer> sequencedKeys, int rate,
        int latencySeconds, int outageSeconds, int oldRows, int backlog, String backlogHeap, int idleSeconds,
        Duration timeout, Set<String> withoutIndexes, int batchSize, int threads, Duration lockedSendWindow,
        List<Integer> killLeaseSeconds,
        BrokerOptions brokers) {

    /** Where the password comes from, so that it shows neither in the command line nor in ps. */
    static final String PASSWORD_VARIABLE = "OUTBOX_BENCHMARK_PASSWORD";

    static final String USAGE = """
            Usage: java -jar outbox-benchmark/target/outbox-benchmark.jar --url=JDBC_URL [options]
              --url=...             a database the benchmark owns: it drops and creates bench_* tables
              --user=...            unless the URL names the user; the password is read from the
                                    environment variable OUTBOX_BENCHMARK_PASSWORD
              --phases=W,D,L,O,R,S,I
                                    write, drain, latency, outage (ordered), recovery, scale, idle
                                    (default: all of them), and on request
                                    B: the drain through each real broker
              --writers=8 --transactions=20000
              --drain=20000 --instances=1,2,4 --repeat=3
              --ordered-keys=1,50   the drain's ordered cases, by their number of ordering keys
                                    (--ordered-keys= for none)
              --sequenced-keys=     W's sequenced case, by its number of ordering keys: saves with an
                                    ordering key, unsequenced and sequenced, beside the others
                                    (none by default; at most one number)
              --rate=200 --seconds=20
                                    transactions per second of the latency and outage phases, and how
                                    long the latency phase measures
              --outage-seconds=30   how long the outage and recovery phases' broker refuses every message
              --old-rows=1000000 --backlog=1000000 --backlog-heap=256m
              --idle-seconds=40 --timeout=600
                                    the longest any one measurement may take; a drain that takes
                                    longer reports how far it got
              --without-indexes=ordering
                                    drop these secondary indexes of the outbox's table, to measure
                                    what it costs (default: none; the outbox needs it)
              --batch-size=100 --threads=1
                                    each dispatcher's batch size and threads in the drains of D,
                                    S and B (default: the library's defaults)
              --locked-send-window-ms=200
                                    each dispatcher's locked send window in the drains of D, S and B;
                                    0 leases every claim first (default: the library's default)
              --kill-lease-seconds=30,8
                                    the leases of the instances that R kills with SIGKILL: 30 s was
                                    the default lease before it was renewed, 8 s is the default
                                    (--kill-lease-seconds= for no kill)
              --brokers=kafka,rabbitmq,rocketmq,redis,nats,jms,jms-sync,stream-rabbit,stream-kafka
                                    the brokers B drains through (jms-sync: JMS with synchronous
                                    sends; stream-*: Spring Cloud Stream's binders); Kafka, RocketMQ
                                    and ActiveMQ Artemis (JMS) run in the benchmark's JVM
                                    (default: every broker whose server answers)
              --rabbitmq-url=amqp://guest:guest@127.0.0.1:5672 --redis-url=redis://127.0.0.1:6379
              --nats-url=nats://127.0.0.1:4222""";

    /**
     * @param arguments the command line
     * @param password the password, or null for none
     * @return the options
     * @throws IllegalArgumentException for an unknown or malformed option, or without --url
     */
    static BenchmarkOptions parse(String password, String... arguments) {
        Map<String, String> values = new HashMap<>();
        for (String argument : arguments) {
            int equals = argument.indexOf('=');
            if (!argument.startsWith("--") || equals < 0) {
                throw new IllegalArgumentException("expected --name=value, got '" + argument + "'");
            }
            values.put(argument.substring(2, equals), argument.substring(equals + 1));
        }
        Options options = new Options(values);
        BenchmarkOptions parsed = new BenchmarkOptions(options.required("url"), options.text("user", ""),
                (password != null) ? password : "",
                new LinkedHashSet<>(options.list("phases", String.join(",", Benchmark.PHASES)).stream()
                        .map(phase -> phase.toUpperCase(Locale.ROOT)).toList()),
                options.positive("writers", 8), options.positive("transactions", 20_000),
                options.positive("drain", 20_000), options.positives("instances", "1,2,4"), options.positive("repeat", 3),
                options.positives("ordered-keys", "1,50"), options.positives("sequenced-keys", ""),
                options.positive("rate", 200), options.positive("seconds", 20),
                options.positive("outage-seconds", 30), options.positive("old-rows", 1_000_000),
                options.positive("backlog", 1_000_000), options.text("backlog-heap", "256m"),
                options.positive("idle-seconds", 40), Duration.ofSeconds(options.positive("timeout", 600)),
                new LinkedHashSet<>(options.list("without-indexes", "")),
                options.positive("batch-size", DispatcherSettings.BATCH_SIZE.defaultValue()),
                options.positive("threads", DispatcherSettings.THREADS.defaultValue()),
                Duration.ofMillis(options.notNegative("locked-send-window-ms",
                        (int) DispatcherSettings.LOCKED_SEND_WINDOW.defaultValue().toMillis())),
                options.positives("kill-lease-seconds", "30," + DispatcherSettings.LEASE.defaultValue().toSeconds()),
                BrokerOptions.of(options.list("brokers", ""),
                        options.text("rabbitmq-url", BrokerOptions.RABBITMQ_URL),
                        options.text("redis-url", BrokerOptions.REDIS_URL),
                        options.text("nats-url", BrokerOptions.NATS_URL)));
        if (parsed.sequencedKeys().size() > 1) {
            throw new IllegalArgumentException("--sequenced-keys takes at most one number, got "
                    + parsed.sequencedKeys());
        }
        parsed.withoutIndexes().stream().filter(index -> !BenchmarkDatabase.DROPPABLE_INDEXES.contains(index))
                .findFirst().ifPresent(index -> {
                    throw new IllegalArgumentException("--without-indexes takes " + BenchmarkDatabase.DROPPABLE_INDEXES
                            + ", not '" + index + "'");
                });
        options.rejectUnknown();
        return parsed;
    }

    /** Reads options and remembers which were read, so that a misspelt one is an error. */
    private static final class Options {

        private final Map<String, String> values;

        private final Set<String> read = new LinkedHashSet<>();

        Options(Map<String, String> values) {
            this.values = values;
        }

        String required(String name) {
            String value = text(name, null);
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException("--" + name + " is required");
            }
            return value;
        }

        String text(String name, String fallback) {
            this.read.add(name);
            return this.values.getOrDefault(name, fallback);
        }

        int positive(String name, int fallback) {
            return positive(name, text(name, Integer.toString(fallback)));
        }

        int notNegative(String name, int fallback) {
            String value = text(name, Integer.toString(fallback));
            return value.equals("0") ? 0 : positive(name, value);
        }

        List<Integer> positives(String name, String fallback) {
            return list(name, fallback).stream().map(value -> positive(name, value)).toList();
        }

        private static int positive(String name, String value) {
            try {
                int parsed = Integer.parseInt(value.replace("_", ""));
                if (parsed > 0) {
                    return parsed;
                }
            }
            catch (NumberFormatException ex) {
                // reported below
            }
            throw new IllegalArgumentException("--" + name + " must be a positive whole number, got '" + value + "'");
        }

        List<String> list(String name, String fallback) {
            return Arrays.stream(text(name, fallback).split(",")).map(String::strip).filter(s -> !s.isEmpty())
                    .toList();
        }

        void rejectUnknown() {
            Set<String> unknown = new LinkedHashSet<>(this.values.keySet());
            unknown.removeAll(this.read);
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("unknown option(s) " + unknown);
            }
        }
    }
}
