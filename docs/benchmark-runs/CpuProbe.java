/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

/*
 * How busy the machine's CPUs are while D's drains run, and the CPU they spend per message (issue 31: whether
 * more instances can drain faster on this machine). Not part of the build: compiled beside the benchmark's jar
 * (it uses the benchmark's package-private drains) and run from the same class path:
 *
 *   javac -d outbox-benchmark/target/cpu-probe -cp 'outbox-benchmark/target/outbox-benchmark.jar:outbox-benchmark/target/lib/*' docs/benchmark-runs/CpuProbe.java
 *   java -cp "outbox-benchmark/target/cpu-probe:outbox-benchmark/target/outbox-benchmark.jar:outbox-benchmark/target/lib/*" \
 *       dev.outbox.benchmark.CpuProbe --url='jdbc:postgresql://127.0.0.1:5432/bench?user=postgres' --drain=60000 --repeat=3
 *
 * Per repeat it drains the backlog with the lean drain, then the library's skip-locked drain with 1, 2 and 4
 * instances, each backlog loaded and settled as D does. A thread reads /proc/stat and the sender's deliveries every
 * 5 ms; between the first delivery and the last it takes the share of the machine's CPU time that was busy (user,
 * system, interrupts; iowait counts as idle) and the busy CPU time per 1,000 messages, for the whole machine (the
 * benchmark's JVM and the database server together).
 */
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.LongSupplier;

import dev.outbox.store.ClaimStrategy;

public final class CpuProbe {

    /** /proc/stat counts in ticks of the kernel's USER_HZ, 100 per second on Linux. */
    private static final double MILLIS_PER_TICK = 10.0;

    private record Sample(long busy, long total, long deliveries) {
    }

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.parse(null, args);
        int messages = options.drainMessages();
        try (BenchmarkDatabase database = new BenchmarkDatabase(options)) {
            database.recreateTables();
            LibraryDrain library = new LibraryDrain(database, options);
            LeanDrain lean = new LeanDrain(database);
            System.out.println("| run | case | msg/s | CPUs busy during the drain | CPU ms per 1,000 messages |");
            System.out.println("|---|---|---|---|---|");
            for (int run = 1; run <= options.repeat(); run++) {
                for (String drain : List.of("lean", "1", "2", "4")) {
                    if (drain.equals("lean")) {
                        database.truncate(BenchmarkDatabase.LEAN_TABLE);
                        database.loadLeanDue(messages, "cpu-lean-" + run);
                        database.settle(BenchmarkDatabase.LEAN_TABLE);
                    }
                    else {
                        database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
                        database.loadDue(BenchmarkDatabase.OUTBOX_TABLE, messages, "cpu-" + drain + "-" + run,
                                OrderingKeys.NONE);
                        database.settle(BenchmarkDatabase.OUTBOX_TABLE);
                    }
                    AckingSender sender = AckingSender.tracking();
                    List<Sample> samples = Collections.synchronizedList(new ArrayList<>());
                    Thread sampler = new Thread(() -> sample(samples, sender::deliveries), "cpu-sampler");
                    sampler.setDaemon(true);
                    sampler.start();
                    DrainResult result = drain.equals("lean") ? lean.run(messages, sender)
                            : library.run(Integer.parseInt(drain), ClaimStrategy.SKIP_LOCKED, messages, sender);
                    sampler.interrupt();
                    sampler.join();
                    Sample first = samples.stream().filter(s -> s.deliveries() > 0).findFirst().orElseThrow();
                    Sample last = samples.stream().filter(s -> s.deliveries() >= messages).findFirst()
                            .orElse(samples.get(samples.size() - 1));
                    double busy = (double) (last.busy() - first.busy()) / (last.total() - first.total());
                    double busyMillisPerThousand = (last.busy() - first.busy()) * MILLIS_PER_TICK
                            / (last.deliveries() - first.deliveries()) * 1000;
                    System.out.printf("| %d | %s | %.0f | %.0f%% of %d | %.0f |%n", run,
                            drain.equals("lean") ? "lean, 2 workers" : "skip-locked, " + drain + " instance(s)",
                            result.messagesPerSecond(), 100 * busy, Runtime.getRuntime().availableProcessors(),
                            busyMillisPerThousand);
                }
            }
        }
    }

    private static void sample(List<Sample> samples, LongSupplier deliveries) {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
                long total = 0;
                for (int i = 1; i < cpu.length; i++) {
                    total += Long.parseLong(cpu[i]);
                }
                long idle = Long.parseLong(cpu[4]) + Long.parseLong(cpu[5]);
                samples.add(new Sample(total - idle, total, deliveries.getAsLong()));
                Thread.sleep(5);
            }
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
