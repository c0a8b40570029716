/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.outbox.store.ClaimStrategy;
import tools.jackson.databind.json.JsonMapper;

/**
 * The dispatcher's JVM of the scale phase: started with a small heap, it drains the backlog the
 * parent loaded with one instance and prints one JSON line of what it took.
 */
public final class BacklogDrain {

    private BacklogDrain() {
    }

    /**
     * @param arguments the claim strategy, the number of due messages, then the benchmark's options
     */
    public static void main(String[] arguments) {
        ClaimStrategy strategy = ClaimStrategy.valueOf(arguments[0]);
        long expected = Long.parseLong(arguments[1]);
        BenchmarkOptions options = BenchmarkOptions.parse(System.getenv(BenchmarkOptions.PASSWORD_VARIABLE),
                Arrays.copyOfRange(arguments, 2, arguments.length));
        try (BenchmarkDatabase database = new BenchmarkDatabase(options)) {
            DrainResult result = new LibraryDrain(database, options).run(1, strategy, expected,
                    AckingSender.counting());
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("messages", result.messages());
            json.put("timedOut", result.timedOut());
            json.put("seconds", Measurement.round(result.elapsedNanos() / 1e9));
            json.put("messagesPerSecond", Measurement.round(result.messagesPerSecond()));
            json.put("maxHeapMegabytes", Runtime.getRuntime().maxMemory() / (1024 * 1024));
            json.put("peakHeapUsedMegabytes", peakHeapUsed() / (1024 * 1024));
            System.out.println(JsonMapper.builder().build().writeValueAsString(json));
        }
    }

    /** The sum of each heap pool's peak: an upper bound of the heap ever in use at once. */
    private static long peakHeapUsed() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getType() == MemoryType.HEAP)
                .map(MemoryPoolMXBean::getPeakUsage).mapToLong(usage -> usage.getUsed()).sum();
    }
}
