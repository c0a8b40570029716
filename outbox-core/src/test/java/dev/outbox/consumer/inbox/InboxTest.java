/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.inbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import dev.outbox.OutboxTemplate;
import dev.outbox.schema.OutboxSchema;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The inbox on an in-memory H2 database, where a duplicate key is caught as an error: duplicates,
 * the transaction it needs, a table of another name, and its settings. The databases' contract
 * suite is {@code InboxContract}.
 */
class InboxTest {

    private static final String TABLE = "received_event";

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    private static DataSource dataSource;

    private static OutboxStore store;

    private static JdbcTemplate jdbc;

    private static TransactionTemplate transaction;

    private final AtomicInteger runs = new AtomicInteger();

    private final Inbox inbox = Inbox.builder(store)
            .clock(Clock.fixed(NOW, ZoneOffset.UTC)).cleanupBatchSize(2).build();

    @BeforeAll
    static void createDatabase() {
        dataSource = h2("inbox");
        store = OutboxStore.builder(dataSource).databaseType(DatabaseType.H2).inboxTable(TABLE).build();
        OutboxSchema.migrate(store);
        jdbc = new JdbcTemplate(dataSource);
        transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    @AfterAll
    static void dropDatabase() {
        jdbc.execute("SHUTDOWN");
    }

    @BeforeEach
    void cleanTable() {
        jdbc.update("DELETE FROM " + TABLE);
        jdbc.update("DELETE FROM " + TABLE + "_sequence");
    }

    @Test
    void migrationCreatesTheInboxTableOfTheGivenName() {
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = ?",
                Integer.class, "CONSUMED_MESSAGE")).isZero();
        assertThat(countKeys()).isZero();
    }

    @Test
    void duplicateIsCaughtAndKeepsTheTransactionUsable() {
        Consumption[] consumed = transaction.execute(status -> new Consumption[] {
                this.inbox.consume("billing", "order-1", "order.created", this::run),
                this.inbox.consume("billing", "order-1", "order.created", this::run) });
        Consumption later = transaction.execute(status -> this.inbox.consume("billing", "order-1", this::run));

        assertThat(consumed).containsExactly(new Consumption(false, "run 1"), new Consumption(true, "run 1"));
        assertThat(later).isEqualTo(new Consumption(true, "run 1"));
        assertThat(this.runs).hasValue(1);
        assertThat(countKeys()).isOne();
    }

    @Test
    void consumeWithOnlyTransactionSynchronizationButNoTransactionIsRejected() {
        TransactionTemplate supports = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        supports.setPropagationBehavior(TransactionDefinition.PROPAGATION_SUPPORTS);

        supports.executeWithoutResult(status -> assertThatThrownBy(
                () -> this.inbox.consume("billing", "order-1", this::run))
                .isInstanceOf(IllegalTransactionStateException.class)
                .hasMessageContaining("inbox.consume(...) needs an active transaction"));

        assertThat(this.runs).hasValue(0);
        assertThat(countKeys()).isZero();
    }

    @Test
    void consumeInAReadOnlyTransactionIsRejected() {
        TransactionTemplate readOnly = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        readOnly.setReadOnly(true);

        readOnly.executeWithoutResult(status -> assertThatThrownBy(
                () -> this.inbox.consume("billing", "order-1", this::run))
                .isInstanceOf(IllegalTransactionStateException.class)
                .hasMessage("inbox.consume(...) was called in a read-only transaction"));

        assertThat(this.runs).hasValue(0);
    }

    @Test
    void consumeInATransactionOfAnotherDataSourceIsRejected() {
        DataSource other = h2("inbox-other");
        TransactionTemplate otherTransaction = new TransactionTemplate(new DataSourceTransactionManager(other));

        try {
            otherTransaction.executeWithoutResult(status -> assertThatThrownBy(
                    () -> this.inbox.consume("billing", "order-1", this::run))
                    .isInstanceOf(IllegalTransactionStateException.class)
                    .hasMessageContaining("does not manage the outbox's DataSource (outbox store 'default'), so the "
                            + "consumed key would not commit with it"));
        }
        finally {
            new JdbcTemplate(other).execute("SHUTDOWN");
        }
        assertThat(this.runs).hasValue(0);
        assertThat(countKeys()).isZero();
    }

    @Test
    void inOrderConsumptionOnH2HoldsALaterNumberInTheInboxsSequenceTable() {
        List<Long> ran = new ArrayList<>();

        for (long sequence : new long[] { 1, 3 }) {
            try {
                transaction.execute(status -> this.inbox.consumeInOrder("accounts", "account-1", sequence, null,
                        Map.of(), () -> ran.add(sequence)));
            }
            catch (OutOfOrderException ex) {
                assertThat(ex.expected()).isEqualTo(2);
            }
        }
        for (long sequence : new long[] { 2, 3, 2 }) {
            transaction.execute(status -> this.inbox.consumeInOrder("accounts", "account-1", sequence, null, Map.of(),
                    () -> ran.add(sequence)));
        }

        assertThat(ran).containsExactly(1L, 2L, 3L);
        assertThat(jdbc.queryForObject("SELECT last_sequence FROM " + TABLE + "_sequence", Long.class)).isEqualTo(3);
        assertThat(this.inbox.deleteConsumedBefore(NOW.plus(Duration.ofDays(1)))).isZero();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM " + TABLE + "_sequence", Integer.class)).isOne();
    }

    @Test
    void markerOfASkippedNumberRunsNoLogicAndMovesThePositionOnAndTheResumedMessageRunsOnceLate() {
        List<Long> ran = new ArrayList<>();

        Consumption first = consumeInOrder(step(1), ran);
        Consumption marker = consumeInOrder(marker(2), ran);
        Consumption markerAgain = consumeInOrder(marker(2), ran);
        Consumption third = consumeInOrder(step(3), ran);
        Consumption resumed = consumeInOrder(step(2), ran);
        Consumption resumedAgain = consumeInOrder(step(2), ran);

        assertThat(ran).containsExactly(1L, 3L, 2L);
        assertThat(List.of(first, marker, markerAgain, third, resumed, resumedAgain)).containsExactly(
                new Consumption(false, null), new Consumption(false, Inbox.SKIPPED_RESULT), new Consumption(true, null),
                new Consumption(false, null), new Consumption(false, null), new Consumption(true, null));
        assertThat(jdbc.queryForObject("SELECT last_sequence FROM " + TABLE + "_sequence", Long.class)).isEqualTo(3);
        assertThat(jdbc.queryForObject("SELECT result FROM " + TABLE + " WHERE idempotency_key = ?", String.class,
                "outbox-skipped:2:account-1")).isEqualTo(InOrderSteps.APPLIED_LATE);
    }

    @Test
    void markerOfALaterNumberIsHeldAndAMarkerAfterItsMessageRanIsADuplicate() {
        List<Long> ran = new ArrayList<>();
        consumeInOrder(step(1), ran);

        assertThatThrownBy(() -> consumeInOrder(marker(3), ran)).isInstanceOfSatisfying(OutOfOrderException.class,
                ex -> assertThat(ex.expected()).isEqualTo(2));
        consumeInOrder(step(2), ran);
        Consumption marker = consumeInOrder(marker(2), ran);
        Consumption again = consumeInOrder(step(2), ran);

        assertThat(ran).containsExactly(1L, 2L);
        assertThat(marker.duplicate()).isTrue();
        assertThat(again.duplicate()).isTrue();
        assertThat(countKeys()).as("no number was passed").isZero();
    }

    @Test
    void anApplicationCannotForgeAMarkerThroughMessageBuilderHeaders() {
        OutboxTemplate outbox = OutboxTemplate.builder(store).build();

        assertThat(OutboxHeaders.SKIPPED).startsWith("outbox-");
        assertThatThrownBy(() -> transaction.execute(status -> outbox.message("account.step").key("forged")
                .topic("accounts").payload("{}").header(OutboxHeaders.SKIPPED, "1").save()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outbox-");
    }

    private Consumption consumeInOrder(Map<String, String> headers, List<Long> ran) {
        return transaction.execute(status -> this.inbox.consumeInOrder("accounts", "account.step", headers,
                () -> ran.add(Long.parseLong(headers.get(OutboxHeaders.SEQUENCE)))));
    }

    private static Map<String, String> step(long sequence) {
        return Map.of(OutboxHeaders.ORDERING_KEY, "account-1", OutboxHeaders.SEQUENCE, Long.toString(sequence));
    }

    private static Map<String, String> marker(long sequence) {
        return Map.of(OutboxHeaders.ORDERING_KEY, "account-1", OutboxHeaders.SEQUENCE, Long.toString(sequence),
                OutboxHeaders.SKIPPED, "41");
    }

    @Test
    void retentionDeletesInBatchesWithTheSubqueryFormOfTheDelete() {
        for (int key = 0; key < 5; key++) {
            String idempotencyKey = "order-" + key;
            transaction.execute(status -> this.inbox.consume("billing", idempotencyKey, this::run));
        }

        assertThat(this.inbox.deleteConsumedBefore(NOW)).isZero();
        assertThat(this.inbox.deleteConsumedBefore(NOW.plus(Duration.ofMillis(1)))).isEqualTo(5);
        assertThat(countKeys()).isZero();
    }

    @ParameterizedTest
    @ValueSource(ints = { 0, -1, Inbox.MAX_CLEANUP_BATCH_SIZE + 1 })
    void cleanupBatchSizeOutOfRangeIsRejectedWhenBuilt(int batchSize) {
        assertThatIllegalArgumentException().isThrownBy(() -> Inbox.builder(store).cleanupBatchSize(batchSize)
                .build()).withMessage("inbox cleanup-batch-size must be between 1 and 10000, was " + batchSize);
    }

    private String run() {
        return "run " + this.runs.incrementAndGet();
    }

    private static int countKeys() {
        return jdbc.queryForObject("SELECT COUNT(*) FROM " + TABLE, Integer.class);
    }

    private static DataSource h2(String name) {
        return new DriverManagerDataSource("jdbc:h2:mem:" + name + "-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    }
}
