/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.outbox.OutboxTemplate;
import dev.outbox.cleanup.CleanupResult;
import dev.outbox.cleanup.CleanupSettings;
import dev.outbox.cleanup.OutboxCleaner;
import dev.outbox.message.MessageState;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The cleanup deletes a million old messages on MariaDB while writers keep saving messages in their
 * transactions: every second of the cleanup sees writers commit, none fails or waits for a lock
 * timeout, every old row goes and every new one stays. It asserts no speed; it prints what it
 * measured (docs/cleanup.md records the figures).
 *
 * <p>Tagged {@code load}: it tests the database under a million rows, not the JVM, so CI runs it on
 * the first JDK only and leaves it out of the second pass (about two minutes).
 */
@Tag("load")
class MariaDbCleanupUnderLoadTest {

    private static final int OLD_ROWS = 1_000_000;

    /** Rows per INSERT ... SELECT from MariaDB's Sequence engine when loading. */
    private static final int LOAD_CHUNK = 100_000;

    private static final int WRITERS = 4;

    /** Writer commits before the cleanup starts, the baseline its throughput is compared with. */
    private static final int BASELINE_COMMITS = 2_000;

    private static final Duration SLICE = Duration.ofSeconds(1);

    @Test
    void writersKeepCommittingWhileAMillionOldMessagesAreDeleted() throws Exception {
        try (OutboxFixture fixture = OutboxFixture.create(
                TestDatabase.create(TestDatabase.Kind.MARIADB, "cleanup_under_load"))) {
            Instant now = Instant.now();
            long loadStart = System.nanoTime();
            loadOldSentRows(fixture.jdbc, now.minus(Duration.ofDays(30)));
            Duration load = since(loadStart);
            OutboxTemplate outbox = fixture.template().build();
            OutboxCleaner cleaner = OutboxCleaner.builder(fixture.store)
                    .settings(CleanupSettings.builder().batchSize(2000).maxRowsPerRun(2L * OLD_ROWS).maxRunTime(Duration.ofMinutes(10))
                            .build())
                    .build();

            Writers writers = new Writers(fixture, outbox);
            long lockWaitsAtStart = rowLockWaits(fixture.jdbc);
            long baselineStart = System.nanoTime();
            await().atMost(Duration.ofMinutes(1)).until(() -> writers.commits.size() >= BASELINE_COMMITS);
            long lockWaitsBefore = rowLockWaits(fixture.jdbc);
            long cleanupStart = System.nanoTime();
            CleanupResult result = cleaner.runOnce(Instant.now());
            long cleanupEnd = System.nanoTime();
            long lockWaitsDuring = rowLockWaits(fixture.jdbc) - lockWaitsBefore;
            int written = writers.stop();

            assertThat(writers.failures).as("writer transactions that failed").isEmpty();
            assertThat(result.deleted(MessageState.SENT)).isEqualTo(OLD_ROWS);
            assertThat(result.stoppedEarly()).isFalse();
            assertThat(fixture.count("state = 'SENT'")).as("old rows left").isZero();
            assertThat(fixture.count("message_key LIKE 'new-%'")).as("new rows kept").isEqualTo(written);
            long[] commitsPerSlice = writers.commitsPerSlice(cleanupStart, cleanupEnd);
            assertThat(commitsPerSlice).as("writer commits in each second of the cleanup").isNotEmpty()
                    .doesNotContain(0L);

            Duration cleanup = Duration.ofNanos(cleanupEnd - cleanupStart);
            System.out.printf(Locale.ROOT, "Cleanup under load (MariaDB %s, %d writers, batch size %d): loaded %,d old "
                    + "rows in %.1f s; deleted them in %.1f s (%,.0f rows/s, %d batches); writers %.0f tx/s before, "
                    + "%.0f tx/s during (slowest second %d tx), latency during: p99 %.1f ms, max %.1f ms; InnoDB row lock "
                    + "waits (whole server) %.1f/s before, %.1f/s during%n",
                    fixture.jdbc.queryForObject("SELECT VERSION()", String.class), WRITERS,
                    cleaner.settings().batchSize(), OLD_ROWS, seconds(load), seconds(cleanup),
                    OLD_ROWS / seconds(cleanup), result.batches(),
                    writers.commitsBetween(baselineStart, cleanupStart) / seconds(since(baselineStart, cleanupStart)),
                    writers.commitsBetween(cleanupStart, cleanupEnd) / seconds(cleanup),
                    Arrays.stream(commitsPerSlice).min().orElse(0),
                    writers.latencyPercentileMillis(cleanupStart, cleanupEnd, 0.99),
                    writers.latencyPercentileMillis(cleanupStart, cleanupEnd, 1.0),
                    (lockWaitsBefore - lockWaitsAtStart) / seconds(since(baselineStart, cleanupStart)),
                    lockWaitsDuring / seconds(cleanup));
        }
    }

    /**
     * Loads old SENT rows through the production schema, fast: INSERT ... SELECT from the Sequence engine. Each
     * is sent a second after it was saved, and due (next_retry_at) at that time, as the outbox writes it.
     */
    private static void loadOldSentRows(JdbcTemplate jdbc, Instant base) {
        Integer sequence = jdbc.queryForObject("SELECT COUNT(*) FROM information_schema.ENGINES "
                + "WHERE ENGINE = 'SEQUENCE' AND SUPPORT IN ('YES', 'DEFAULT')", Integer.class);
        Assumptions.assumeTrue(sequence != null && sequence > 0,
                "This test loads its rows from MariaDB's Sequence engine, which this server does not have");
        LocalDateTime start = LocalDateTime.ofInstant(base, ZoneOffset.UTC);
        for (int offset = 0; offset < OLD_ROWS; offset += LOAD_CHUNK) {
            jdbc.update("INSERT INTO " + OutboxFixture.TABLE + " (gmt_create, gmt_modified, message_key, message_type,"
                    + " topic, message_body, state, retry_count, next_retry_at, last_retry_time, message_id, lock_version)"
                    + " SELECT ? + INTERVAL (seq + ?) SECOND, ? + INTERVAL (seq + ?) SECOND + INTERVAL 1 SECOND,"
                    + " CONCAT('old-', LPAD(seq + ?, 7, '0')), 'order.created', 'orders',"
                    + " CONCAT('{\"orderId\":\"o-', seq + ?, '\",\"customer\":\"c-', seq MOD 977, '\",\"amount\":',"
                    + " seq MOD 1000, '.50,\"currency\":\"EUR\"}'), 'SENT', 0, ? + INTERVAL (seq + ?) SECOND"
                    + " + INTERVAL 1 SECOND, ? + INTERVAL (seq + ?) SECOND, CONCAT('orders-0@', seq + ?), 2"
                    + " FROM seq_1_to_" + LOAD_CHUNK, start, offset, start, offset, offset, offset, start, offset, start,
                    offset, offset);
        }
        jdbc.execute("ANALYZE TABLE " + OutboxFixture.TABLE);
    }

    private static long rowLockWaits(JdbcTemplate jdbc) {
        return Objects.requireNonNull(jdbc.queryForObject("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
                + "WHERE VARIABLE_NAME = 'INNODB_ROW_LOCK_WAITS'", Long.class));
    }

    private static Duration since(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private static Duration since(long start, long end) {
        return Duration.ofNanos(end - start);
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }

    /** Threads that save a message and a business row per transaction until stopped, timing each commit. */
    private static final class Writers {

        private final AtomicBoolean running = new AtomicBoolean(true);

        private final AtomicInteger keys = new AtomicInteger();

        private final ConcurrentLinkedQueue<long[]> commits = new ConcurrentLinkedQueue<>();

        private final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();

        private final ExecutorService threads = Executors.newFixedThreadPool(WRITERS);

        private final List<Future<Integer>> written = new ArrayList<>();

        Writers(OutboxFixture fixture, OutboxTemplate outbox) {
            for (int i = 0; i < WRITERS; i++) {
                this.written.add(this.threads.submit(() -> write(fixture, outbox)));
            }
        }

        private int write(OutboxFixture fixture, OutboxTemplate outbox) {
            int count = 0;
            while (this.running.get()) {
                String key = "new-" + this.keys.incrementAndGet();
                long start = System.nanoTime();
                try {
                    fixture.inTransaction(() -> {
                        fixture.insertBusinessRow(key);
                        return outbox.save("order.created", key, "orders", "{\"orderId\":\"" + key + "\"}");
                    });
                    long end = System.nanoTime();
                    this.commits.add(new long[] { end, end - start });
                    count++;
                }
                catch (RuntimeException ex) {
                    this.failures.add(ex);
                }
            }
            return count;
        }

        /**
         * @return the transactions the writers committed
         */
        int stop() throws Exception {
            this.running.set(false);
            int total = 0;
            for (Future<Integer> count : this.written) {
                total += count.get(60, TimeUnit.SECONDS);
            }
            this.threads.shutdown();
            return total;
        }

        long commitsBetween(long start, long end) {
            return this.commits.stream().filter(commit -> commit[0] >= start && commit[0] < end).count();
        }

        long[] commitsPerSlice(long start, long end) {
            int slices = (int) ((end - start) / SLICE.toNanos());
            long[] perSlice = new long[slices];
            for (int slice = 0; slice < slices; slice++) {
                perSlice[slice] = commitsBetween(start + slice * SLICE.toNanos(), start + (slice + 1) * SLICE.toNanos());
            }
            return perSlice;
        }

        double latencyPercentileMillis(long start, long end, double percentile) {
            long[] latencies = this.commits.stream().filter(commit -> commit[0] >= start && commit[0] < end)
                    .mapToLong(commit -> commit[1]).sorted().toArray();
            if (latencies.length == 0) {
                return Double.NaN;
            }
            int index = Math.min(latencies.length - 1, (int) Math.ceil(percentile * latencies.length) - 1);
            return latencies[Math.max(0, index)] / 1e6;
        }
    }
}
