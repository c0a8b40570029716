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
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.BrokerRecords;
import dev.outbox.admin.MessagePage;
import dev.outbox.admin.OperationResult;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.Outcome;
import dev.outbox.admin.Reconciliation;
import dev.outbox.admin.ReconciliationQuery;
import dev.outbox.admin.RecordCheck;
import dev.outbox.admin.RecordStatus;
import dev.outbox.admin.UnconsumedQuery;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.message.MessageState;
import dev.outbox.message.MessageSummary;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.RecordingSender;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Reconciliation on a real database: the SENT messages a consumer group has not recorded in the inbox of the
 * same database, the SENT messages of a window checked against what a broker holds, and the re-send of those
 * the broker lost.
 */
abstract class ReconciliationContract extends DatabaseContract {

    private static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private static final String TYPE = "order.created";

    private static final Duration GRACE = Duration.ofMinutes(5);

    private MutableClock clock;

    private OutboxTemplate outbox;

    private RecordingSender sender;

    private Dispatcher dispatcher;

    private AtomicInteger wakeUps;

    private OutboxAdmin admin;

    @BeforeEach
    void freshState() {
        this.fixture.jdbc.update("DELETE FROM " + OutboxStore.DEFAULT_INBOX_TABLE);
        this.clock = new MutableClock(START);
        this.outbox = this.fixture.template().clock(this.clock).build();
        this.sender = new RecordingSender();
        this.dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender)).clock(this.clock)
                .settings(DispatcherSettings.builder().claimStrategy(ClaimStrategy.SKIP_LOCKED).build()).build();
        this.wakeUps = new AtomicInteger();
        this.admin = OutboxAdmin.builder(this.fixture.store).clock(this.clock).onRedriven(this.wakeUps::incrementAndGet)
                .build();
    }

    /** Saves messages and sends them all now, so that they are SENT at the clock's time. */
    private List<Long> sendNow(String... keys) {
        List<Long> ids = Arrays.stream(keys).map(key -> this.fixture.inTransaction(() -> this.outbox
                .message(TYPE).key(key).topic("orders").payload("{}").save()).id()).toList();
        this.dispatcher.dispatchOnce();
        ids.forEach(id -> assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.SENT));
        return ids;
    }

    private void consume(String group, String idempotencyKey) {
        Inbox inbox = Inbox.builder(this.fixture.store).clock(this.clock).build();
        this.fixture.inTransaction(() -> inbox.consume(group, idempotencyKey, () -> null));
    }

    private List<Long> unconsumedIds(String group) {
        return this.admin.unconsumed(new UnconsumedQuery(group, GRACE, 0, 50)).messages().stream()
                .map(MessageSummary::id).toList();
    }

    @Test
    void theMessageAGroupSkippedIsReportedWhetherTheGroupConsumesByKeyOrByOutboxId() {
        List<Long> ids = sendNow("order-1", "order-2", "order-3", "order-4");
        consume("shipping", "order-1");
        consume("shipping", Long.toString(ids.get(1)));
        consume("shipping", "order-4");
        consume("billing", "order-3");
        this.clock.advance(GRACE);

        assertThat(unconsumedIds("shipping")).containsExactly(ids.get(2));
        assertThat(unconsumedIds("billing")).containsExactly(ids.get(0), ids.get(1), ids.get(3));
    }

    @Test
    void aMessageSentLessThanTheGraceAgoIsNotReported() {
        long older = sendNow("order-1").get(0);
        this.clock.advance(GRACE);
        sendNow("order-2");

        assertThat(unconsumedIds("shipping")).containsExactly(older);
    }

    @Test
    void unsentMessagesAreNotReportedAsUnconsumed() {
        long sent = sendNow("order-1").get(0);
        this.fixture.inTransaction(() -> this.outbox.message(TYPE).key("order-2").topic("orders").payload("{}").save());
        this.clock.advance(GRACE);

        assertThat(unconsumedIds("shipping")).containsExactly(sent);
    }

    @Test
    void unconsumedMessagesArePagedInIdOrder() {
        List<Long> ids = sendNow("order-1", "order-2", "order-3");
        this.clock.advance(GRACE);

        MessagePage first = this.admin.unconsumed(new UnconsumedQuery("shipping", GRACE, 0, 2));
        assertThat(first.messages()).extracting(MessageSummary::id).containsExactly(ids.get(0), ids.get(1));
        assertThat(first.nextAfterId()).isEqualTo(ids.get(1));
        MessagePage second = this.admin.unconsumed(new UnconsumedQuery("shipping", GRACE, first.nextAfterId(), 2));
        assertThat(second.messages()).extracting(MessageSummary::id).containsExactly(ids.get(2));
        assertThat(second.nextAfterId()).isNull();
    }

    @Test
    void aBadUnconsumedQueryIsRefusedWithTheReason() {
        assertThatIllegalArgumentException().isThrownBy(() -> new UnconsumedQuery(" ", GRACE, 0, 10))
                .withMessageContaining("consumer group");
        assertThatIllegalArgumentException().isThrownBy(() -> new UnconsumedQuery("g".repeat(129), GRACE, 0, 10))
                .withMessageContaining("128 characters");
        assertThatIllegalArgumentException().isThrownBy(() -> new UnconsumedQuery("shipping", GRACE.negated(), 0, 10))
                .withMessageContaining("olderThan must not be negative");
        assertThatIllegalArgumentException().isThrownBy(() -> new UnconsumedQuery("shipping", GRACE, 0, 201))
                .withMessageContaining("size must be between 1 and 200");
    }

    @Test
    void reconcileReportsTheMessagesOfTheWindowThatTheBrokerLostOrHoldsAsAnotherMessage() {
        long before = sendNow("order-0").get(0);
        this.clock.advance(Duration.ofMinutes(1));
        Instant from = this.clock.instant();
        List<Long> ids = sendNow("order-1", "order-2", "order-3", "order-4");
        this.clock.advance(Duration.ofMinutes(1));
        Instant to = this.clock.instant();
        sendNow("order-5");
        FakeBroker broker = new FakeBroker(Map.of(ids.get(0), RecordStatus.MISSING, ids.get(1),
                RecordStatus.MISMATCHED, ids.get(2), RecordStatus.NOT_CHECKABLE));

        Reconciliation report = this.admin.reconcile(ReconciliationQuery.of(from, to), broker);

        assertThat(broker.asked).containsOnlyKeys(ids).doesNotContainKey(before);
        assertThat(broker.asked.get(ids.get(0))).isEqualTo("rec-" + ids.get(0));
        assertThat(report.checked()).isEqualTo(4);
        assertThat(report.found()).isOne();
        assertThat(report.notCheckable()).isOne();
        assertThat(report.problemIds()).containsExactly(ids.get(0), ids.get(1));
        assertThat(report.problems()).extracting(RecordCheck::status).containsExactly(RecordStatus.MISSING,
                RecordStatus.MISMATCHED);
        assertThat(report.complete()).isTrue();
        assertThat(report.nextFrom()).isNull();
        assertThat(report.nextAfterId()).isNull();
    }

    @Test
    void aWindowOfMoreThanTheLimitIsCheckedInPartsThatContinueWhereTheLastStopped() {
        List<Long> ids = insertSent(OutboxAdmin.MAX_RECONCILED + 1);
        Instant to = sentAt(ids.size() - 1).plusSeconds(1);
        FakeBroker broker = new FakeBroker(Map.of());

        Reconciliation first = this.admin.reconcile(new ReconciliationQuery(START, 0, to,
                ReconciliationQuery.MAX_DEADLINE), broker);

        assertThat(first.checked()).isEqualTo(OutboxAdmin.MAX_RECONCILED);
        assertThat(first.complete()).isFalse();
        assertThat(first.nextFrom()).isEqualTo(sentAt(OutboxAdmin.MAX_RECONCILED - 1));
        assertThat(first.nextAfterId()).isEqualTo(ids.get(OutboxAdmin.MAX_RECONCILED - 1));
        Reconciliation rest = this.admin.reconcile(new ReconciliationQuery(first.nextFrom(), first.nextAfterId(), to,
                ReconciliationQuery.MAX_DEADLINE), broker);
        assertThat(rest.checked()).isOne();
        assertThat(rest.complete()).isTrue();
        assertThat(broker.asked).hasSize(ids.size());
    }

    @Test
    void aCheckTheDeadlineCutsShortAnswersWhatWasCheckedAndWhereToGoOn() throws Exception {
        List<Long> ids = insertSent(OutboxAdmin.RECONCILE_BATCH_SIZE + 200);
        Instant to = sentAt(ids.size() - 1).plusSeconds(1);
        HangingBroker slow = new HangingBroker();

        Reconciliation first = this.admin.reconcile(new ReconciliationQuery(START, 0, to, Duration.ofSeconds(2)), slow);

        assertThat(first.checked()).isEqualTo(OutboxAdmin.RECONCILE_BATCH_SIZE);
        assertThat(first.found()).isEqualTo(OutboxAdmin.RECONCILE_BATCH_SIZE);
        assertThat(first.complete()).isFalse();
        // The last row checked shares its time with the next one: the next part starts after it by id.
        long lastChecked = ids.get(OutboxAdmin.RECONCILE_BATCH_SIZE - 1);
        assertThat(first.nextFrom()).isEqualTo(sentAt(OutboxAdmin.RECONCILE_BATCH_SIZE - 1))
                .isEqualTo(sentAt(OutboxAdmin.RECONCILE_BATCH_SIZE));
        assertThat(first.nextAfterId()).isEqualTo(lastChecked);
        assertThat(slow.interrupted.await(30, TimeUnit.SECONDS)).as("the hanging check was interrupted").isTrue();

        FakeBroker broker = new FakeBroker(Map.of());
        Reconciliation rest = this.admin.reconcile(new ReconciliationQuery(first.nextFrom(), first.nextAfterId(), to,
                ReconciliationQuery.MAX_DEADLINE), broker);

        assertThat(rest.checked()).isEqualTo(200);
        assertThat(rest.complete()).isTrue();
        assertThat(broker.asked.keySet()).containsExactlyInAnyOrderElementsOf(ids.subList(
                OutboxAdmin.RECONCILE_BATCH_SIZE, ids.size()));
    }

    @Test
    void aBadQueryIsRefusedWithTheReason() {
        assertThatIllegalArgumentException().isThrownBy(() -> ReconciliationQuery.of(START, START))
                .withMessageContaining("must be after its start");
        assertThatIllegalArgumentException().isThrownBy(
                () -> ReconciliationQuery.of(START, START.plus(Duration.ofDays(1)).plusMillis(1)))
                .withMessageContaining("at most PT24H wide");
        Instant to = START.plusSeconds(60);
        assertThatIllegalArgumentException().isThrownBy(() -> new ReconciliationQuery(START, -1, to, GRACE))
                .withMessageContaining("afterId must be 0");
        assertThatIllegalArgumentException().isThrownBy(() -> new ReconciliationQuery(START, 0, to, Duration.ZERO))
                .withMessageContaining("deadline must be more than 0 and at most PT1M");
        assertThatIllegalArgumentException().isThrownBy(() -> new ReconciliationQuery(START, 0, to,
                ReconciliationQuery.MAX_DEADLINE.plusMillis(1))).withMessageContaining("deadline must be");
    }

    @Test
    void resendPutsTheLostMessagesBackToBeSentAgainOnce() {
        List<Long> ids = sendNow("order-1", "order-2");

        List<OperationResult> results = this.admin.resend(List.of(ids.get(0)));

        assertThat(results).extracting(OperationResult::outcome).containsExactly(Outcome.DONE);
        assertThat(this.fixture.row(ids.get(0)).state()).isEqualTo(MessageState.PENDING);
        assertThat(this.wakeUps).hasValue(1);
        assertThat(this.admin.resend(List.of(ids.get(0)))).extracting(OperationResult::outcome)
                .containsExactly(Outcome.ALREADY_DONE);
        assertThat(this.dispatcher.dispatchOnce()).isOne();
        assertThat(this.sender.sentKeys()).containsExactly("order-1", "order-2", "order-1");
        assertThat(this.fixture.row(ids.get(0)).state()).isEqualTo(MessageState.SENT);
        assertThat(this.fixture.row(ids.get(1)).state()).isEqualTo(MessageState.SENT);
    }

    @Test
    void resendRefusesUnsentMessagesAndReportsUnknownOnes() {
        long pending = this.fixture.inTransaction(() -> this.outbox.message(TYPE).key("order-1").topic("orders")
                .payload("{}").save()).id();
        this.fixture.jdbc.update("UPDATE " + OutboxFixture.TABLE + " SET state = 'FAILED' WHERE id = ?", pending);

        List<OperationResult> results = this.admin.resend(List.of(pending, 999_999L));

        assertThat(results).extracting(OperationResult::outcome).containsExactly(Outcome.REFUSED, Outcome.NOT_FOUND);
        assertThat(results.get(0).message()).contains("only SENT messages can be re-sent; it is not sent yet");
        assertThat(this.fixture.row(pending).state()).isEqualTo(MessageState.FAILED);
        assertThatIllegalArgumentException().isThrownBy(() -> this.admin.resend(List.of(pending, 0L)))
                .withMessageContaining("positive");
    }

    /**
     * Inserts SENT rows in one go, three of them marked SENT in each second from {@link #START}, so that a part of
     * the window can end between two rows of the same time.
     *
     * @return their ids, in the order they were marked SENT
     */
    private List<Long> insertSent(int count) {
        int perStatement = 500;
        for (int first = 0; first < count; first += perStatement) {
            int rows = Math.min(perStatement, count - first);
            List<Object> arguments = new ArrayList<>();
            for (int i = first; i < first + rows; i++) {
                LocalDateTime sent = LocalDateTime.ofInstant(sentAt(i), ZoneOffset.UTC);
                arguments.addAll(List.of(sent, sent, "order-" + i, TYPE, "orders", "{}", sent, "rec-" + i));
            }
            this.fixture.jdbc.update("INSERT INTO " + OutboxFixture.TABLE + " (gmt_create, gmt_modified, message_key,"
                    + " message_type, topic, message_body, state, retry_count, next_retry_at, message_id, lock_version)"
                    + " VALUES " + String.join(", ", Collections.nCopies(rows, "(?, ?, ?, ?, ?, ?, 'SENT', 0, ?, ?, 0)")),
                    arguments.toArray());
        }
        return this.fixture.jdbc.queryForList("SELECT id FROM " + OutboxFixture.TABLE + " ORDER BY next_retry_at, id",
                Long.class);
    }

    /** When {@link #insertSent} marks its row of this index SENT. */
    private static Instant sentAt(int index) {
        return START.plusSeconds(index / 3);
    }

    /** A broker that answers the first batch and hangs on the next one until it is interrupted. */
    private static final class HangingBroker implements BrokerRecords {

        private final AtomicInteger batches = new AtomicInteger();

        private final CountDownLatch interrupted = new CountDownLatch(1);

        @Override
        public List<RecordCheck> check(List<MessageSummary> sent) {
            if (this.batches.getAndIncrement() > 0) {
                try {
                    new CountDownLatch(1).await();
                }
                catch (InterruptedException ex) {
                    this.interrupted.countDown();
                    Thread.currentThread().interrupt();
                }
                return List.of();
            }
            return sent.stream().map(message -> new RecordCheck(message.id(), RecordStatus.FOUND, "at once")).toList();
        }
    }

    /** A broker of the test's own: answers what the test says for each id, FOUND for the others. */
    private static final class FakeBroker implements BrokerRecords {

        private final Map<Long, RecordStatus> statuses;

        /** The ids asked for, with the broker message id each one's row recorded. */
        private final Map<Long, String> asked = new ConcurrentHashMap<>();

        FakeBroker(Map<Long, RecordStatus> statuses) {
            this.statuses = statuses;
        }

        @Override
        public List<RecordCheck> check(List<MessageSummary> sent) {
            sent.forEach(message -> this.asked.put(message.id(), String.valueOf(message.brokerMessageId())));
            return sent.stream().map(message -> new RecordCheck(message.id(),
                    this.statuses.getOrDefault(message.id(), RecordStatus.FOUND), "as the test says")).toList();
        }
    }
}
