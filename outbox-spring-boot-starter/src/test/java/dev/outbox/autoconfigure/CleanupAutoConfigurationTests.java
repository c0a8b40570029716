/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import dev.outbox.cleanup.CleanupSettings;
import dev.outbox.cleanup.OutboxCleaner;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The cleanup job: on by default, configured by outbox.cleanup.* and outbox.inbox.retention, running on
 * the outbox's scheduler, surviving failures and deleting old messages and inbox keys.
 */
class CleanupAutoConfigurationTests {

    static final Instant NOW = Instant.parse("2026-06-10T12:00:00Z");

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withPropertyValues("outbox.dispatcher.enabled=false");

    @Test
    void theCleanupJobIsOnByDefaultWithTheCoresDefaultsAndTheInbox() {
        this.runner.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(OutboxCleaner.class).hasSingleBean(OutboxCleanupJob.class);
            assertThat(context.getBean(OutboxCleaner.class).settings()).isEqualTo(CleanupSettings.defaults());
            assertThat(context.getBean(OutboxScheduler.class).isRunning()).isTrue();
            assertThat(OutboxContexts.tableExists(context, OutboxStore.DEFAULT_ARCHIVE_TABLE)).isTrue();
        });
    }

    @Test
    void disabledCleanupCreatesNoCleanupBean() {
        this.runner.withPropertyValues("outbox.cleanup.enabled=false").run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(OutboxCleaner.class)
                    .doesNotHaveBean(OutboxCleanupJob.class);
        });
    }

    @Test
    void bindsEveryCleanupProperty() {
        this.runner.withPropertyValues("outbox.cleanup.retention=3d", "outbox.cleanup.include-failed=true",
                "outbox.cleanup.batch-size=50", "outbox.cleanup.max-rows-per-run=1000",
                "outbox.cleanup.max-run-time=30s", "outbox.cleanup.archive.enabled=true",
                "outbox.cleanup.archive.table-name=order_archive", "outbox.inbox.retention=14d",
                "outbox.cleanup.failed-retention=30d")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(OutboxCleaner.class).settings()).isEqualTo(new CleanupSettings(
                            Duration.ofDays(3), true, 50, 1000, Duration.ofSeconds(30), true, Duration.ofDays(14),
                            Duration.ofDays(30)));
                    assertThat(OutboxContexts.tableExists(context, "order_archive")).isTrue();
                });
    }

    @Test
    void invalidCleanupPropertiesFailTheStartNamingTheProperty() {
        assertFailure("outbox.cleanup.batch-size=0", "outbox.cleanup.batch-size must be between 1 and 10000, was 0");
        assertFailure("outbox.cleanup.retention=0s", "outbox.cleanup.retention must be positive, was PT0S");
        assertFailure("outbox.inbox.retention=-1d", "outbox.inbox.retention must be positive, was PT-24H");
        assertFailure("outbox.cleanup.interval=0s", "outbox.cleanup.interval must be positive, was PT0S");
        assertFailure("outbox.cleanup.initial-delay=-1s", "outbox.cleanup.initial-delay must not be negative, was PT-1S");
        assertFailure("outbox.cleanup.archive.table-name=archive;drop", "outbox.cleanup.archive.table-name is invalid");
        assertFailure("outbox.cleanup.failed-retention=30d", "outbox.cleanup.failed-retention (PT720H) is set, but "
                + "FAILED messages are deleted only when include-failed is true");
    }

    private void assertFailure(String property, String message) {
        this.runner.withPropertyValues(property).run(context -> assertThat(
                OutboxContexts.outboxFailure(context.getStartupFailure())).startsWith(message));
    }

    @Test
    void theJobDeletesOldMessagesAndInboxKeysAndArchivesTheMessages() {
        this.runner.withBean(OutboxAutoConfiguration.CLOCK_BEAN_NAME, Clock.class, () -> Clock.fixed(NOW, ZoneOffset.UTC))
                .withPropertyValues("outbox.cleanup.batch-size=2", "outbox.cleanup.archive.enabled=true")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    insertOldRows(context);

                    context.getBean(OutboxCleanupJob.class).runOnce();

                    assertThat(count(context, "local_message WHERE message_key LIKE 'old-%'")).isZero();
                    assertThat(count(context, "local_message")).isEqualTo(2);
                    assertThat(count(context, OutboxStore.DEFAULT_ARCHIVE_TABLE)).isEqualTo(5);
                    assertThat(count(context, "consumed_message")).isOne();
                });
    }

    @Test
    void withInboxCleanupDisabledTheJobLeavesTheInboxAlone() {
        this.runner.withBean(OutboxAutoConfiguration.CLOCK_BEAN_NAME, Clock.class, () -> Clock.fixed(NOW, ZoneOffset.UTC))
                .withPropertyValues("outbox.inbox.cleanup-enabled=false")
                .run(context -> {
                    insertOldRows(context);

                    context.getBean(OutboxCleanupJob.class).runOnce();

                    assertThat(count(context, "local_message")).isEqualTo(2);
                    assertThat(count(context, "consumed_message")).isEqualTo(2);
                });
    }

    @Test
    void aFailedRunIsLoggedAndTheNextRunComesAtTheNextInterval() {
        // A database without the outbox's tables: every run fails.
        DataSource empty = new DriverManagerDataSource("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        OutboxCleaner cleaner = OutboxCleaner.builder(OutboxStore.builder(empty).databaseType(DatabaseType.H2).build())
                .build();
        CountingClock clock = new CountingClock();
        OutboxCleanupJob job = new OutboxCleanupJob(cleaner, clock, Duration.ZERO, Duration.ofMillis(20));
        OutboxScheduler scheduler = new OutboxScheduler(List.of(job), OutboxThreads.of(new MockEnvironment()));

        scheduler.start();
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> clock.reads.get() >= 3);
        }
        finally {
            scheduler.stop();
        }

        assertThat(scheduler.isRunning()).isFalse();
        int runs = clock.reads.get();
        await().during(Duration.ofMillis(100)).atMost(Duration.ofSeconds(1)).until(() -> clock.reads.get() == runs);
    }

    /**
     * Five old SENT messages and one old inbox key, which the job deletes; a recent message, a SUSPENDED
     * one and a recent inbox key, which it keeps.
     */
    static void insertOldRows(ApplicationContext context) {
        JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
        LocalDateTime old = LocalDateTime.ofInstant(NOW.minus(Duration.ofDays(8)), ZoneOffset.UTC);
        LocalDateTime recent = LocalDateTime.ofInstant(NOW.minus(Duration.ofDays(1)), ZoneOffset.UTC);
        for (int i = 0; i < 5; i++) {
            insertMessage(jdbc, "old-" + i, "SENT", old);
        }
        insertMessage(jdbc, "recent", "SENT", recent);
        insertMessage(jdbc, "suspended", "SUSPENDED", old);
        jdbc.update("INSERT INTO consumed_message (consumer_group, idempotency_key, consumed_at) VALUES (?, ?, ?)",
                "billing", "old-key", old);
        jdbc.update("INSERT INTO consumed_message (consumer_group, idempotency_key, consumed_at) VALUES (?, ?, ?)",
                "billing", "recent-key", recent);
    }

    private static void insertMessage(JdbcTemplate jdbc, String key, String state, LocalDateTime modified) {
        jdbc.update("INSERT INTO local_message (gmt_create, gmt_modified, message_key, message_type, topic, "
                + "message_body, state, retry_count, next_retry_at, lock_version) VALUES (?, ?, ?, 'order.created', "
                + "'orders', '{}', ?, 0, ?, 1)", modified, modified, key, state, modified);
    }

    static int count(ApplicationContext context, String tableAndCondition) {
        return Objects.requireNonNull(new JdbcTemplate(context.getBean(DataSource.class))
                .queryForObject("SELECT COUNT(*) FROM " + tableAndCondition, Integer.class));
    }

    /** Counts the job's runs: each run reads the time once. */
    private static final class CountingClock extends Clock {

        final AtomicInteger reads = new AtomicInteger();

        @Override
        public Instant instant() {
            this.reads.incrementAndGet();
            return NOW;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }
}
