/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import dev.outbox.cleanup.CleanupResult;
import dev.outbox.cleanup.CleanupSettings;
import dev.outbox.cleanup.OutboxCleaner;
import dev.outbox.message.MessageState;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The cleanup on a real database: only messages that reached SENT or CONSUMED (and FAILED, when
 * configured) longer ago than the retention are deleted, in bounded batches, archived exactly when
 * archiving is on, never a row that changed meanwhile; and old inbox keys go too. A row's age is the time
 * it reached its state, which the outbox keeps in {@code next_retry_at}: the rows here carry it there, and
 * the same time as their modification time, as the outbox writes them.
 */
abstract class CleanupContract extends DatabaseContract {

    private static final String ARCHIVE = OutboxStore.DEFAULT_ARCHIVE_TABLE;

    private static final String INBOX = OutboxStore.DEFAULT_INBOX_TABLE;

    private static final Instant NOW = Instant.parse("2026-06-10T12:00:00.250Z");

    private static final Duration RETENTION = CleanupSettings.RETENTION.defaultValue();

    private static final Instant OLD = NOW.minus(RETENTION).minusSeconds(1);

    private static final Instant RECENT = NOW.minus(RETENTION).plusSeconds(1);

    private static final String ALL_COLUMNS = """
            id, gmt_create, gmt_modified, message_key, message_type, topic, message_body, headers, ordering_key,
            message_id, state, retry_count, next_retry_at, last_retry_time, fail_reason, lock_version""";

    private int keys;

    @BeforeEach
    void cleanArchiveAndInbox() {
        this.fixture.jdbc.update("DELETE FROM " + ARCHIVE);
        this.fixture.jdbc.update("DELETE FROM " + INBOX);
    }

    @Test
    void deletesOnlySentAndConsumedMessagesOlderThanTheRetention() {
        for (MessageState state : MessageState.values()) {
            insert(state, OLD);
            insert(state, RECENT);
            // Exactly the retention old: not older than it.
            insert(state, NOW.minus(RETENTION));
        }

        CleanupResult result = cleaner(CleanupSettings.defaults()).runOnce(NOW);

        assertThat(result.deleted()).containsExactlyInAnyOrderEntriesOf(
                Map.of(MessageState.SENT, 1L, MessageState.CONSUMED, 1L));
        assertThat(result.stoppedEarly()).isFalse();
        assertThat(result.archived()).isZero();
        assertThat(this.fixture.count("state IN ('SENT', 'CONSUMED') AND next_retry_at < ?",
                column(NOW.minus(RETENTION)))).isZero();
        assertThat(this.fixture.count("state IN ('PENDING', 'FAILED', 'SUSPENDED')")).isEqualTo(9);
        assertThat(this.fixture.countAll()).isEqualTo(13);
        assertThat(countRows(ARCHIVE)).isZero();
    }

    @Test
    void deletesOldFailedMessagesOnlyWhenConfigured() {
        for (MessageState state : MessageState.values()) {
            insert(state, OLD);
        }

        CleanupResult result = cleaner(CleanupSettings.builder().includeFailed(true).build()).runOnce(NOW);

        assertThat(result.deleted()).containsExactlyInAnyOrderEntriesOf(
                Map.of(MessageState.SENT, 1L, MessageState.CONSUMED, 1L, MessageState.FAILED, 1L));
        assertThat(states()).containsExactlyInAnyOrder("PENDING", "SUSPENDED");
    }

    @Test
    void archiveCopiesExactlyTheDeletedRowsWithAllTheirColumns() {
        for (MessageState state : MessageState.values()) {
            insert(state, OLD);
            insert(state, RECENT);
        }
        List<Map<String, Object>> before = rows("SELECT " + ALL_COLUMNS + " FROM "
                + OutboxFixture.TABLE + " WHERE state IN ('SENT', 'CONSUMED') AND next_retry_at < ? ORDER BY id",
                column(NOW.minus(RETENTION)));

        CleanupResult result = cleaner(CleanupSettings.builder().archive(true).build()).runOnce(NOW);

        assertThat(before).hasSize(2);
        assertThat(result.archived()).isEqualTo(2);
        assertThat(result.totalDeleted()).isEqualTo(2);
        assertThat(rows("SELECT " + ALL_COLUMNS + " FROM " + ARCHIVE + " ORDER BY id"))
                .isEqualTo(before);
        assertThat(this.fixture.jdbc.queryForList("SELECT DISTINCT archived_at FROM " + ARCHIVE, LocalDateTime.class))
                .containsExactly(column(NOW));
        assertThat(this.fixture.countAll()).isEqualTo(8);
    }

    @ParameterizedTest(name = "archive={0}")
    @ValueSource(booleans = { false, true })
    void deletesInBatchesOfTheBatchSize(boolean archive) {
        insertMany(MessageState.SENT, OLD, 35);

        CleanupResult result = cleaner(CleanupSettings.builder().batchSize(10).archive(archive).build()).runOnce(NOW);

        assertThat(result.batches()).isEqualTo(4);
        assertThat(result.deleted(MessageState.SENT)).isEqualTo(35);
        assertThat(result.archived()).isEqualTo(archive ? 35 : 0);
        assertThat(this.fixture.countAll()).isZero();
        assertThat(countRows(ARCHIVE)).isEqualTo(archive ? 35 : 0);
    }

    @Test
    void batchesPageThroughTheOldRowsInAgeOrderAcrossEqualTimesAndLeaveTheOtherStates() {
        // Oldest last in id order, two at each time, among old rows of states that stay: a PENDING row is due.
        for (int i = 0; i < 12; i++) {
            Instant reachedAt = OLD.minusSeconds(1 + i / 2);
            insert(MessageState.SENT, reachedAt);
            insert(MessageState.PENDING, reachedAt);
            insert(MessageState.SUSPENDED, reachedAt);
        }
        insertMany(MessageState.SENT, RECENT, 3);

        CleanupResult result = cleaner(CleanupSettings.builder().batchSize(5).build()).runOnce(NOW);

        assertThat(result.totalDeleted()).isEqualTo(result.deleted(MessageState.SENT)).isEqualTo(12);
        assertThat(result.batches()).isEqualTo(3);
        assertThat(states()).containsOnly("SENT", "PENDING", "SUSPENDED").hasSize(27);
        assertThat(this.fixture.count("state = 'SENT'")).isEqualTo(3);
    }

    @Test
    void aRowSentBeforeMigrationV5AgesFromTheEndOfItsLastLease() {
        // Before migration V5 a sent row kept the end of its last lease in next_retry_at.
        Duration lease = Duration.ofSeconds(30);
        long sentBefore = insert(MessageState.SENT, OLD, OLD.plus(lease));
        OutboxCleaner cleaner = cleaner(CleanupSettings.defaults());

        assertThat(cleaner.runOnce(NOW).totalDeleted()).as("kept until its lease is older than the retention")
                .isZero();
        assertThat(this.fixture.row(sentBefore).state()).isEqualTo(MessageState.SENT);
        assertThat(cleaner.runOnce(NOW.plus(lease)).deleted(MessageState.SENT)).isOne();
        assertThat(this.fixture.countAll()).isZero();
    }

    @Test
    void aRunStopsAtItsRowLimitAndTheNextRunContinues() {
        insertMany(MessageState.SENT, OLD, 35);
        OutboxCleaner cleaner = cleaner(CleanupSettings.builder().batchSize(10).maxRowsPerRun(20).build());

        CleanupResult first = cleaner.runOnce(NOW);
        CleanupResult second = cleaner.runOnce(NOW);

        assertThat(first.deleted(MessageState.SENT)).isEqualTo(20);
        assertThat(first.batches()).isEqualTo(2);
        assertThat(first.stoppedEarly()).isTrue();
        assertThat(second.deleted(MessageState.SENT)).isEqualTo(15);
        assertThat(second.stoppedEarly()).isFalse();
        assertThat(this.fixture.countAll()).isZero();
    }

    @Test
    void aRunStopsAtItsTimeBudgetAfterTheBatchThatReachedIt() {
        insertMany(MessageState.SENT, OLD, 35);
        OutboxCleaner cleaner = cleaner(CleanupSettings.builder().batchSize(10).maxRunTime(Duration.ofNanos(1)).build());

        CleanupResult first = cleaner.runOnce(NOW);

        assertThat(first.batches()).isOne();
        assertThat(first.deleted(MessageState.SENT)).isEqualTo(10);
        assertThat(first.stoppedEarly()).isTrue();
        assertThat(this.fixture.countAll()).isEqualTo(25);
    }

    @Test
    void statesTakeTurnsSoThatABacklogOfOneDoesNotStarveTheOther() {
        insertMany(MessageState.SENT, OLD, 30);
        insertMany(MessageState.CONSUMED, OLD, 5);

        CleanupResult result = cleaner(CleanupSettings.builder().batchSize(5).maxRowsPerRun(10).build()).runOnce(NOW);

        assertThat(result.deleted()).containsExactlyInAnyOrderEntriesOf(
                Map.of(MessageState.SENT, 5L, MessageState.CONSUMED, 5L));
    }

    @Test
    void inboxRetentionDeletesOnlyKeysConsumedBeforeIt() {
        Duration inboxRetention = Duration.ofDays(3);
        insertInboxKey("old-1", NOW.minus(inboxRetention).minusMillis(1));
        insertInboxKey("old-2", NOW.minus(Duration.ofDays(30)));
        insertInboxKey("kept", NOW.minus(inboxRetention));
        insertInboxKey("new", NOW);
        OutboxCleaner cleaner = OutboxCleaner.builder(this.fixture.store)
                .settings(CleanupSettings.builder().inboxRetention(inboxRetention).batchSize(1).build())
                .includeInbox()
                .build();

        CleanupResult result = cleaner.runOnce(NOW);

        assertThat(result.inboxDeleted()).isEqualTo(2);
        assertThat(this.fixture.jdbc.queryForList("SELECT idempotency_key FROM " + INBOX, String.class))
                .containsExactlyInAnyOrder("kept", "new");
    }

    @Test
    void withoutTheInboxTheInboxTableIsLeftAlone() {
        insertInboxKey("old", NOW.minus(Duration.ofDays(30)));

        CleanupResult result = cleaner(CleanupSettings.defaults()).runOnce(NOW);

        assertThat(result.inboxDeleted()).isZero();
        assertThat(countRows(INBOX)).isOne();
    }

    @ParameterizedTest(name = "archive={0}")
    @ValueSource(booleans = { false, true })
    void aRowRedrivenWhileTheCleanupWaitsForItIsKept(boolean archive) throws Exception {
        long redriven = insert(MessageState.SENT, OLD);

        // An operator re-drives the old message: PENDING, due now.
        CleanupResult result = cleanupWaitingFor(redriven, CleanupSettings.builder().archive(archive).build(),
                "state = 'PENDING', next_retry_at = ?", NOW);

        assertThat(result.totalDeleted()).isZero();
        assertThat(result.archived()).isZero();
        assertThat(this.fixture.row(redriven).state()).isEqualTo(MessageState.PENDING);
        assertThat(countRows(ARCHIVE)).isZero();
    }

    @ParameterizedTest(name = "archive={0}")
    @ValueSource(booleans = { false, true })
    void aFailedRowLeasedByItsSlowRetryWhileTheCleanupWaitsForItIsKept(boolean archive) throws Exception {
        long leased = insert(MessageState.FAILED, OLD);

        // The slow retry claims the old FAILED row: its state stays, its due time becomes the lease's end.
        CleanupResult result = cleanupWaitingFor(leased,
                CleanupSettings.builder().includeFailed(true).archive(archive).build(), "next_retry_at = ?",
                NOW.plusSeconds(30));

        assertThat(result.totalDeleted()).isZero();
        assertThat(result.archived()).isZero();
        assertThat(this.fixture.row(leased).state()).isEqualTo(MessageState.FAILED);
        assertThat(countRows(ARCHIVE)).isZero();
    }

    /**
     * Changes an old row, now, in a transaction that the cleanup, started while it is open, has to wait for:
     * the cleanup finds the row still old, waits for its lock, and must then see the change.
     *
     * @param change the change's assignments but the modification time and the version, binding {@code dueAt}
     */
    private CleanupResult cleanupWaitingFor(long id, CleanupSettings settings, String change, Instant dueAt)
            throws Exception {
        return this.fixture.inTransaction(() -> {
            this.fixture.jdbc.update("UPDATE " + OutboxFixture.TABLE + " SET " + change
                    + ", gmt_modified = ?, lock_version = lock_version + 1 WHERE id = ?", column(dueAt), column(NOW), id);
            CompletableFuture<CleanupResult> cleanup = CompletableFuture.supplyAsync(
                    () -> cleaner(settings).runOnce(NOW));
            await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> !cleanup.isDone());
            return cleanup;
        }).get(10, TimeUnit.SECONDS);
    }

    @ParameterizedTest(name = "archive={0}")
    @ValueSource(booleans = { false, true })
    void cleanersOfTwoInstancesDeleteEachRowOnce(boolean archive) throws Exception {
        insertMany(MessageState.SENT, OLD, 400);
        insertMany(MessageState.CONSUMED, OLD, 100);
        CleanupSettings settings = CleanupSettings.builder().batchSize(10).archive(archive).build();
        OutboxCleaner first = OutboxCleaner.builder(this.fixture.store(this.fixture.database.newDataSource(2)))
                .settings(settings).build();
        OutboxCleaner second = OutboxCleaner.builder(this.fixture.store(this.fixture.database.newDataSource(2)))
                .settings(settings).build();

        ExecutorService instances = Executors.newFixedThreadPool(2);
        CountDownLatch start = new CountDownLatch(1);
        Future<CleanupResult> one = instances.submit(() -> {
            start.await();
            return first.runOnce(NOW);
        });
        Future<CleanupResult> other = instances.submit(() -> {
            start.await();
            return second.runOnce(NOW);
        });
        start.countDown();

        long deleted = one.get(60, TimeUnit.SECONDS).totalDeleted() + other.get(60, TimeUnit.SECONDS).totalDeleted();
        instances.shutdown();
        assertThat(deleted).isEqualTo(500);
        assertThat(this.fixture.countAll()).isZero();
        assertThat(countRows(ARCHIVE)).isEqualTo(archive ? 500 : 0);
    }

    private OutboxCleaner cleaner(CleanupSettings settings) {
        return OutboxCleaner.builder(this.fixture.store).settings(settings).build();
    }

    @Test
    void failedMessagesKeepTheirOwnRetentionWhenItIsSet() {
        Duration failedRetention = RETENTION.multipliedBy(4);
        insert(MessageState.SENT, OLD);
        insert(MessageState.FAILED, OLD);
        insert(MessageState.FAILED, NOW.minus(failedRetention).minusSeconds(1));

        CleanupResult result = cleaner(CleanupSettings.builder().includeFailed(true).failedRetention(failedRetention)
                .build()).runOnce(NOW);

        assertThat(result.deleted()).containsEntry(MessageState.SENT, 1L).containsEntry(MessageState.FAILED, 1L);
        assertThat(this.fixture.count("state = 'FAILED' AND next_retry_at = ?", column(OLD))).isOne();
        assertThat(this.fixture.countAll()).isOne();
    }

    @Test
    void aFailedMessageOfTheSlowRetryAgesFromWhenItIsNextDue() {
        Duration failedRetryInterval = Duration.ofHours(6);
        long failed = insert(MessageState.FAILED, OLD, OLD.plus(failedRetryInterval));
        OutboxCleaner cleaner = cleaner(CleanupSettings.builder().includeFailed(true).build());

        assertThat(cleaner.runOnce(NOW).totalDeleted()).as("failed longer ago than the retention, but due since less")
                .isZero();
        assertThat(this.fixture.row(failed).state()).isEqualTo(MessageState.FAILED);
        assertThat(cleaner.runOnce(NOW.plus(failedRetryInterval)).deleted(MessageState.FAILED)).isOne();
    }

    /**
     * @return the id of a new row that reached the state at the time, with every column set
     */
    private long insert(MessageState state, Instant reachedAt) {
        return insert(state, reachedAt, reachedAt);
    }

    /**
     * @param modifiedAt when the row reached its state
     * @param dueAt its {@code next_retry_at}: the same time, but for rows sent before the outbox wrote it there
     * @return the id of the new row, with every column set
     */
    private long insert(MessageState state, Instant modifiedAt, Instant dueAt) {
        int key = ++this.keys;
        LocalDateTime created = column(modifiedAt.minusSeconds(5));
        this.fixture.jdbc.update("INSERT INTO " + OutboxFixture.TABLE + " (gmt_create, gmt_modified, message_key, "
                + "message_type, topic, message_body, headers, ordering_key, message_id, state, retry_count, "
                + "next_retry_at, last_retry_time, fail_reason, lock_version) "
                + "VALUES (?, ?, ?, 'order.created', 'orders', ?, ?, ?, ?, ?, 2, ?, ?, ?, 3)", created,
                column(modifiedAt), "key-" + key, "{\"order\":" + key + "}", "{\"trace\":\"t-" + key + "\"}",
                "customer-" + key, "broker-" + key, state.name(), column(dueAt), created,
                "java.io.IOException: timeout " + key);
        return Objects.requireNonNull(this.fixture.jdbc.queryForObject("SELECT id FROM " + OutboxFixture.TABLE
                + " WHERE message_key = ?", Long.class, "key-" + key));
    }

    private void insertMany(MessageState state, Instant reachedAt, int count) {
        IntStream.range(0, count).forEach(i -> insert(state, reachedAt));
    }

    private void insertInboxKey(String key, Instant consumedAt) {
        this.fixture.jdbc.update("INSERT INTO " + INBOX + " (consumer_group, idempotency_key, consumed_at) "
                + "VALUES ('billing', ?, ?)", key, column(consumedAt));
    }

    private List<String> states() {
        return this.fixture.jdbc.queryForList("SELECT state FROM " + OutboxFixture.TABLE, String.class);
    }

    private int countRows(String table) {
        return Objects.requireNonNull(this.fixture.jdbc.queryForObject("SELECT COUNT(*) FROM " + table, Integer.class));
    }

    private List<Map<String, Object>> rows(String query, Object... arguments) {
        return this.fixture.jdbc.queryForList(query, arguments);
    }

    private static LocalDateTime column(Instant instant) {
        return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
