/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.ActionRule;
import dev.outbox.admin.BulkOperationResult;
import dev.outbox.admin.MessagePage;
import dev.outbox.admin.MessageQuery;
import dev.outbox.admin.OperationResult;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.OutboxSnapshot;
import dev.outbox.admin.Outcome;
import dev.outbox.internal.jdbc.AdminRepository;
import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.message.MessageState;
import dev.outbox.message.MessageSummary;
import dev.outbox.message.StoredMessage;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.spi.MessageSender;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.RecordingSender;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The operators' API on a real database: counts and the oldest due message, look-ups and pages, and the
 * idempotent changes (retry, suspend, resume, skip, retry of all FAILED of a type), each done once, found
 * done on a second call, refused in a wrong state and reported for an unknown id.
 */
abstract class AdminContract extends DatabaseContract {

    private static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private static final String TYPE = "order.created";

    private static final long UNKNOWN_ID = 999_999;

    private MutableClock clock;

    private OutboxTemplate outbox;

    private AtomicInteger wakeUps;

    private OutboxAdmin admin;

    private RecordingSender sender;

    @BeforeEach
    void freshState() {
        this.clock = new MutableClock(START);
        this.outbox = this.fixture.template().clock(this.clock).build();
        this.wakeUps = new AtomicInteger();
        this.admin = admin(this.wakeUps::incrementAndGet);
        this.sender = new RecordingSender();
    }

    private AdminRepository adminRepository() {
        return new AdminRepository(JdbcStore.of(this.fixture.store));
    }

    private OutboxAdmin admin(Runnable redriven) {
        return OutboxAdmin.builder(this.fixture.store).clock(this.clock).onRedriven(redriven).build();
    }

    private Dispatcher dispatcher(MessageSender sender) {
        RetryPolicy oneAttempt = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.0, 1);
        return this.fixture.dispatcher(MessageRoutes.to(sender)).clock(this.clock)
                .retryPolicies(new RetryPolicies(oneAttempt, Map.of(), null))
                .settings(DispatcherSettings.builder().claimStrategy(ClaimStrategy.SKIP_LOCKED).build()).build();
    }

    private long save(String key) {
        return save(TYPE, key, null);
    }

    private long save(String type, String key, String orderingKey) {
        return this.fixture.inTransaction(() -> {
            var message = this.outbox.message(type).key(key).topic("orders").payload("{\"key\":\"" + key + "\"}")
                    .header("trace", "t-" + key);
            if (orderingKey != null) {
                message.orderingKey(orderingKey);
            }
            return message.save();
        }).id();
    }

    private long saveIn(MessageState state, String type, String key) {
        long id = save(type, key, null);
        setState(id, state);
        return id;
    }

    private void setState(long id, MessageState state) {
        this.fixture.jdbc.update("UPDATE " + OutboxFixture.TABLE + " SET state = ?, retry_count = ?, fail_reason = ?"
                + " WHERE id = ?", state.name(), (state == MessageState.FAILED) ? 20 : 0,
                (state == MessageState.FAILED) ? "java.lang.IllegalStateException: broker refused\n\tat x.y()" : null,
                id);
    }

    private long lockVersion(long id) {
        return Objects.requireNonNull(this.fixture.jdbc.queryForObject(
                "SELECT lock_version FROM " + OutboxFixture.TABLE + " WHERE id = ?", Long.class, id));
    }

    @Test
    void overviewCountsEveryStateWithZerosOnAnEmptyTable() {
        OutboxSnapshot snapshot = this.admin.overview();

        assertThat(snapshot.counts()).containsOnlyKeys(MessageState.values()).allSatisfy(
                (state, count) -> assertThat(count).isZero());
        assertThat(snapshot.oldestDueAt()).isNull();
        assertThat(snapshot.oldestDueAge()).isZero();
        assertThat(snapshot.takenAt()).isEqualTo(START);
    }

    @Test
    void overviewCountsEachStateAndMeasuresHowLongTheOldestDueMessageHasBeenDue() {
        long oldest = save("order-1");
        this.clock.advance(Duration.ofMinutes(1));
        save("order-2");
        saveIn(MessageState.SENT, TYPE, "order-3");
        saveIn(MessageState.SENT, TYPE, "order-4");
        saveIn(MessageState.FAILED, TYPE, "order-5");
        saveIn(MessageState.CONSUMED, TYPE, "order-6");
        saveIn(MessageState.SUSPENDED, TYPE, "order-7");
        this.clock.advance(Duration.ofMinutes(2));

        OutboxSnapshot overview = this.admin.overview();

        assertThat(overview.counts()).containsExactlyInAnyOrderEntriesOf(Map.of(MessageState.PENDING, 2L,
                MessageState.SENT, 2L, MessageState.FAILED, 1L, MessageState.CONSUMED, 1L, MessageState.SUSPENDED,
                1L));
        assertThat(overview.oldestDueAt()).isEqualTo(this.fixture.row(oldest).nextRetryAt()).isEqualTo(START);
        assertThat(overview.oldestDueAge()).isEqualTo(Duration.ofMinutes(3));

        OutboxSnapshot backlog = this.admin.backlog();
        assertThat(backlog.counts()).containsExactlyInAnyOrderEntriesOf(Map.of(MessageState.PENDING, 2L,
                MessageState.FAILED, 1L, MessageState.SUSPENDED, 1L));
        assertThat(backlog.oldestDueAge()).isEqualTo(Duration.ofMinutes(3));
        assertThatIllegalArgumentException().isThrownBy(() -> backlog.count(MessageState.SENT))
                .withMessageContaining("overview()");
    }

    @Test
    void messagesNotYetDueOrLeasedDoNotCountAsDue() {
        long leased = save("order-1");
        this.fixture.jdbc.update("UPDATE " + OutboxFixture.TABLE + " SET next_retry_at = ? WHERE id = ?",
                START.plusSeconds(30).atOffset(ZoneOffset.UTC).toLocalDateTime(), leased);
        this.fixture.inTransaction(() -> this.outbox.message(TYPE).key("later").topic("orders").payload("{}")
                .deliverAt(START.plus(Duration.ofHours(1))).save());

        OutboxSnapshot snapshot = this.admin.overview();

        assertThat(snapshot.count(MessageState.PENDING)).isEqualTo(2);
        assertThat(snapshot.oldestDueAt()).isNull();
        assertThat(snapshot.oldestDueAge()).isZero();
    }

    @Test
    void theOldestPendingMessagesWaitGrowsWhileItWaitsForRetriesAsInABrokerOutage() {
        long waiting = save("order-1");
        this.clock.advance(Duration.ofMinutes(2));
        save("order-2");
        long sent = saveIn(MessageState.SENT, TYPE, "order-0");
        // The broker failed it: its next retry is ahead, so it is not due.
        this.fixture.jdbc.update("UPDATE " + OutboxFixture.TABLE + " SET retry_count = 5, next_retry_at = ? WHERE id = ?",
                START.plus(Duration.ofMinutes(20)).atOffset(ZoneOffset.UTC).toLocalDateTime(), waiting);
        this.clock.advance(Duration.ofMinutes(10));

        OutboxSnapshot snapshot = this.admin.backlog();

        assertThat(snapshot.oldestPendingSince()).isEqualTo(this.fixture.row(waiting).createdAt()).isEqualTo(START);
        assertThat(snapshot.oldestPendingAge()).isEqualTo(Duration.ofMinutes(12));
        assertThat(snapshot.oldestDueAge()).as("the message saved later is due").isEqualTo(Duration.ofMinutes(10));
        assertThat(this.fixture.row(sent).state()).isEqualTo(MessageState.SENT);
        this.fixture.jdbc.update("UPDATE " + OutboxFixture.TABLE + " SET state = 'SENT'");
        assertThat(this.admin.backlog().oldestPendingSince()).isNull();
        assertThat(this.admin.backlog().oldestPendingAge()).isZero();
    }

    @Test
    void findShowsTheWholeMessage() {
        long id = saveIn(MessageState.FAILED, TYPE, "order-1");

        StoredMessage message = this.admin.find(id).orElseThrow();

        assertThat(message.body()).isEqualTo("{\"key\":\"order-1\"}");
        assertThat(message.headers()).containsEntry("trace", "t-order-1");
        assertThat(message.failReason()).startsWith("java.lang.IllegalStateException: broker refused");
        assertThat(message.retryCount()).isEqualTo(20);
        assertThat(this.admin.find(UNKNOWN_ID)).isEmpty();
        assertThatIllegalArgumentException().isThrownBy(() -> this.admin.find(0)).withMessageContaining("positive");
    }

    @Test
    void pagesFilterByStateAndTypeInIdOrderAcrossPages() {
        List<Long> wanted = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            wanted.add(saveIn(MessageState.FAILED, TYPE, "failed-" + i));
            saveIn(MessageState.FAILED, "payment", "payment-" + i);
            saveIn(MessageState.SENT, TYPE, "sent-" + i);
        }

        MessagePage first = this.admin.page(new MessageQuery(MessageState.FAILED, TYPE, 0, 2));
        MessagePage second = this.admin.page(new MessageQuery(MessageState.FAILED, TYPE, first.nextAfterId(), 2));
        MessagePage last = this.admin.page(new MessageQuery(MessageState.FAILED, TYPE, second.nextAfterId(), 2));

        assertThat(first.messages()).extracting(MessageSummary::id).containsExactlyElementsOf(wanted.subList(0, 2));
        assertThat(second.messages()).extracting(MessageSummary::id).containsExactlyElementsOf(wanted.subList(2, 4));
        assertThat(last.messages()).extracting(MessageSummary::id).containsExactlyElementsOf(wanted.subList(4, 5));
        assertThat(first.nextAfterId()).isEqualTo(wanted.get(1));
        assertThat(last.nextAfterId()).isNull();
        assertThat(first.messages().get(0).lastError()).isEqualTo("java.lang.IllegalStateException: broker refused");

        assertThat(this.admin.page(new MessageQuery(null, "payment", 0, 200)).messages()).hasSize(5)
                .allSatisfy(message -> assertThat(message.messageType()).isEqualTo("payment"));
        assertThat(this.admin.page(new MessageQuery(MessageState.SENT, null, 0, 200)).messages()).hasSize(5);
        assertThat(this.admin.page(MessageQuery.firstPage()).messages()).hasSize(15);
    }

    @Test
    void pageQueriesOutOfBoundsAreRefusedWithTheRule() {
        assertThatIllegalArgumentException().isThrownBy(() -> new MessageQuery(null, null, 0, 201))
                .withMessage("size must be between 1 and 200, was 201; read further pages with afterId");
        assertThatIllegalArgumentException().isThrownBy(() -> new MessageQuery(null, null, 0, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> new MessageQuery(null, null, -1, 10));
        assertThatIllegalArgumentException().isThrownBy(() -> new MessageQuery(null, " ", 0, 10))
                .withMessageContaining("blank");
        assertThatIllegalArgumentException().isThrownBy(() -> new MessageQuery(null, "t".repeat(65), 0, 10))
                .withMessageContaining("64");
    }

    @Test
    void retryMakesAFailedMessageDueNowWithAFreshBudgetOnceAndSaysSoTheSecondTime() {
        long id = saveIn(MessageState.FAILED, TYPE, "order-1");
        long version = lockVersion(id);
        this.clock.advance(Duration.ofHours(1));

        OperationResult first = this.admin.retry(id);
        OperationResult second = this.admin.retry(id);

        assertThat(first.outcome()).isEqualTo(Outcome.DONE);
        assertThat(first.changed()).isTrue();
        assertThat(first.state()).isEqualTo(MessageState.PENDING);
        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.PENDING);
        assertThat(row.retryCount()).isZero();
        assertThat(row.nextRetryAt()).isEqualTo(this.clock.instant());
        assertThat(row.modifiedAt()).isEqualTo(this.clock.instant());
        assertThat(row.failReason()).as("kept until the next attempt").startsWith("java.lang.IllegalStateException");
        assertThat(lockVersion(id)).isEqualTo(version + 1);
        assertThat(second.outcome()).isEqualTo(Outcome.ALREADY_DONE);
        assertThat(second.message()).isEqualTo("message " + id + " is already PENDING (since " + this.clock.instant()
                + "), due at " + this.clock.instant() + "; nothing was changed");
        assertThat(lockVersion(id)).isEqualTo(version + 1);
        assertThat(this.wakeUps).as("the dispatcher is woken once").hasValue(1);
    }

    @Test
    void retryOfASuspendedMessageRedrivesIt() {
        long id = saveIn(MessageState.SUSPENDED, TYPE, "order-1");

        assertThat(this.admin.retry(id).outcome()).isEqualTo(Outcome.DONE);
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.PENDING);
    }

    @Test
    void retryOfASentMessageIsRefusedWithTheRule() {
        long id = saveIn(MessageState.SENT, TYPE, "order-1");
        long version = lockVersion(id);

        OperationResult result = this.admin.retry(id);

        assertThat(result).isEqualTo(new OperationResult(Outcome.REFUSED, id, MessageState.SENT,
                "message " + id + " is SENT; only FAILED or SUSPENDED messages can be retried"));
        assertThat(lockVersion(id)).isEqualTo(version);
        assertThat(this.wakeUps).hasValue(0);
    }

    @Test
    void everyChangeReportsAnUnknownIdAsNotFound() {
        for (OperationResult result : List.of(this.admin.retry(UNKNOWN_ID), this.admin.suspend(UNKNOWN_ID),
                this.admin.resume(UNKNOWN_ID), this.admin.skip(UNKNOWN_ID))) {
            assertThat(result).isEqualTo(new OperationResult(Outcome.NOT_FOUND, UNKNOWN_ID, null,
                    "message " + UNKNOWN_ID + " does not exist (never saved, or deleted by the cleanup)"));
        }
        assertThat(this.fixture.countAll()).isZero();
    }

    @Test
    void changesRefuseIdsThatAreNotPositive() {
        assertThatIllegalArgumentException().isThrownBy(() -> this.admin.retry(0))
                .withMessage("A message id is a positive number, was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> this.admin.suspend(-1));
        assertThatIllegalArgumentException().isThrownBy(() -> this.admin.resume(0));
        assertThatIllegalArgumentException().isThrownBy(() -> this.admin.skip(0));
        assertThatIllegalArgumentException().isThrownBy(() -> this.admin.retryAllFailed(""));
    }

    @Test
    void twoConcurrentRetriesChangeTheMessageOnce() throws Exception {
        long id = saveIn(MessageState.FAILED, TYPE, "order-1");
        long version = lockVersion(id);
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            List<Future<OperationResult>> results = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                results.add(threads.submit(() -> {
                    start.await();
                    return this.admin.retry(id);
                }));
            }
            start.countDown();

            List<Outcome> outcomes = new ArrayList<>();
            for (Future<OperationResult> result : results) {
                outcomes.add(result.get().outcome());
            }
            assertThat(outcomes).containsExactlyInAnyOrder(Outcome.DONE, Outcome.ALREADY_DONE);
        }
        finally {
            threads.shutdownNow();
        }
        assertThat(lockVersion(id)).isEqualTo(version + 1);
        assertThat(this.wakeUps).hasValue(1);
    }

    @Test
    void aChangeInsideATransactionWhoseSnapshotPredatesAnotherOperatorsChangeSaysItWasDone() {
        long id = saveIn(MessageState.FAILED, TYPE, "order-1");
        OperationResult result = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> this.fixture.inTransaction(
                () -> {
                    assertThat(this.fixture.row(id).state()).as("the snapshot").isEqualTo(MessageState.FAILED);
                    OperationResult other = CompletableFuture.supplyAsync(() -> this.admin.retry(id)).join();
                    assertThat(other.outcome()).isEqualTo(Outcome.DONE);
                    return this.admin.retry(id);
                }));

        assertThat(result.outcome()).isEqualTo(Outcome.ALREADY_DONE);
        assertThat(result.state()).isEqualTo(MessageState.PENDING);
    }

    @Test
    void aRetriedFailedMessageIsDeliveredByTheDispatcher() {
        long id = save("order-1");
        Dispatcher dispatcher = dispatcher(this.sender);
        this.sender.failKey("order-1");
        dispatcher.dispatchOnce();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.FAILED);
        this.sender.heal();
        OutboxAdmin wakingAdmin = admin(dispatcher::wake);

        assertThat(wakingAdmin.retry(id).outcome()).isEqualTo(Outcome.DONE);

        assertThat(dispatcher.dispatchOnce()).isOne();
        assertThat(this.sender.sentKeys()).containsExactly("order-1");
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.SENT);
    }

    @Test
    void eachActionChangesExactlyTheMessagesItsPublishedRuleNames() {
        Map<String, BiFunction<OutboxAdmin, Long, OperationResult>> actions = Map.of("retry", OutboxAdmin::retry,
                "suspend", OutboxAdmin::suspend, "resume", OutboxAdmin::resume, "skip", OutboxAdmin::skip,
                "resend", (admin, id) -> admin.resend(List.of(id)).get(0));
        Map<String, ActionRule> rules = ActionRule.ofEachAction();
        assertThat(rules).containsOnlyKeys(actions.keySet());

        int saved = 0;
        for (Map.Entry<String, ActionRule> rule : rules.entrySet()) {
            for (MessageState state : MessageState.values()) {
                for (String orderingKey : Arrays.asList(null, "customer-1")) {
                    long id = save(TYPE, "rule-" + ++saved, orderingKey);
                    setState(id, state);
                    boolean allowed = rule.getValue().states().contains(state)
                            && (!rule.getValue().needsOrderingKey() || orderingKey != null);

                    assertThat(actions.get(rule.getKey()).apply(this.admin, id).changed())
                            .as("%s of a %s message %s an ordering key", rule.getKey(), state,
                                    (orderingKey == null) ? "without" : "with")
                            .isEqualTo(allowed);
                }
            }
        }
    }

    @Test
    void suspendParksAPendingMessageOnceAndRefusesASentOne() {
        long id = save("order-1");
        long sent = saveIn(MessageState.SENT, TYPE, "order-2");

        OperationResult first = this.admin.suspend(id);
        OperationResult second = this.admin.suspend(id);

        assertThat(first.outcome()).isEqualTo(Outcome.DONE);
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.SUSPENDED);
        assertThat(second.outcome()).isEqualTo(Outcome.ALREADY_DONE);
        assertThat(second.message()).isEqualTo("message " + id + " is already SUSPENDED (since " + START
                + "); nothing was changed");
        assertThat(this.admin.suspend(sent).message())
                .isEqualTo("message " + sent + " is SENT; only PENDING or FAILED messages can be suspended");
        assertThat(dispatcher(this.sender).dispatchOnce()).as("a suspended message is never claimed").isZero();
        assertThat(this.wakeUps).hasValue(0);
    }

    @Test
    void suspendingAMessageWhileItIsBeingSentDropsTheLateOutcome() {
        long id = save("order-1");
        MessageSender suspendedMidSend = message -> {
            assertThat(this.admin.suspend(message.id()).outcome()).isEqualTo(Outcome.DONE);
            return CompletableFuture.completedFuture("late-ack");
        };

        assertThat(dispatcher(suspendedMidSend).dispatchOnce()).isOne();

        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.SUSPENDED);
        assertThat(row.brokerMessageId()).as("the late SENT was dropped").isNull();
    }

    @Test
    void resumeMakesASuspendedMessageDueNowKeepingItsRetryCount() {
        long id = save("order-1");
        this.fixture.jdbc.update("UPDATE " + OutboxFixture.TABLE + " SET state = 'SUSPENDED', retry_count = 3"
                + " WHERE id = ?", id);
        this.clock.advance(Duration.ofMinutes(10));

        OperationResult first = this.admin.resume(id);
        OperationResult second = this.admin.resume(id);

        assertThat(first.outcome()).isEqualTo(Outcome.DONE);
        StoredMessage row = this.fixture.row(id);
        assertThat(row.state()).isEqualTo(MessageState.PENDING);
        assertThat(row.nextRetryAt()).isEqualTo(this.clock.instant());
        assertThat(row.retryCount()).isEqualTo(3);
        assertThat(second.outcome()).isEqualTo(Outcome.ALREADY_DONE);
        assertThat(this.wakeUps).hasValue(1);
        assertThat(dispatcher(this.sender).dispatchOnce()).isOne();
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.SENT);
    }

    @Test
    void resumeOfAFailedMessageIsRefusedPointingToRetry() {
        long id = saveIn(MessageState.FAILED, TYPE, "order-1");

        assertThat(this.admin.resume(id)).isEqualTo(new OperationResult(Outcome.REFUSED, id, MessageState.FAILED,
                "message " + id + " is FAILED; only SUSPENDED messages can be resumed; retry it instead"));
        assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.FAILED);
    }

    @Test
    void skipTakesAFailedMessageOutOfItsOrderingKeySoThatTheNextOneIsDelivered() {
        long blocking = save(TYPE, "m1", "customer-7");
        long next = save(TYPE, "m2", "customer-7");
        setState(blocking, MessageState.FAILED);
        Dispatcher dispatcher = dispatcher(this.sender);
        assertThat(dispatcher.dispatchOnce()).as("m2 waits behind the FAILED m1").isZero();
        long version = lockVersion(blocking);
        this.clock.advance(Duration.ofMinutes(5));

        OperationResult first = this.admin.skip(blocking);
        OperationResult second = this.admin.skip(blocking);

        assertThat(first.outcome()).isEqualTo(Outcome.DONE);
        assertThat(first.state()).isEqualTo(MessageState.SUSPENDED);
        StoredMessage skipped = this.fixture.row(blocking);
        assertThat(skipped.state()).isEqualTo(MessageState.SUSPENDED);
        assertThat(skipped.orderingKey()).isNull();
        assertThat(skipped.failReason()).isEqualTo("skipped by an operator at " + this.clock.instant()
                + "; ordering key was 'customer-7'\njava.lang.IllegalStateException: broker refused\n\tat x.y()");
        assertThat(lockVersion(blocking)).isEqualTo(version + 1);
        assertThat(second.outcome()).isEqualTo(Outcome.ALREADY_DONE);
        assertThat(second.message()).isEqualTo("message " + blocking
                + " is SUSPENDED and has no ordering key: it holds back no other message; nothing was changed");
        assertThat(lockVersion(blocking)).isEqualTo(version + 1);

        assertThat(dispatcher.dispatchOnce()).isOne();
        assertThat(this.sender.sentKeys()).containsExactly("m2");
        assertThat(this.fixture.row(next).state()).isEqualTo(MessageState.SENT);
        assertThat(this.fixture.row(blocking).state()).as("kept, parked").isEqualTo(MessageState.SUSPENDED);
        assertThat(this.wakeUps).as("the dispatcher is woken for the next message of the key").hasValue(1);
    }

    @Test
    void skipRefusesMessagesWithoutAnOrderingKeyAndSentMessages() {
        long unordered = save("order-1");
        long sent = save(TYPE, "order-2", "customer-7");
        setState(sent, MessageState.SENT);

        assertThat(this.admin.skip(unordered)).isEqualTo(new OperationResult(Outcome.REFUSED, unordered,
                MessageState.PENDING, "message " + unordered
                        + " has no ordering key, so it holds back no other message; suspend it instead"));
        assertThat(this.admin.skip(sent).message()).isEqualTo("message " + sent
                + " is SENT; only unsent (PENDING, FAILED or SUSPENDED) messages can be skipped");
        assertThat(this.fixture.row(sent).orderingKey()).isEqualTo("customer-7");
    }

    @Test
    void retryAllFailedRedrivesEveryFailedMessageOfTheTypeOnce() {
        List<Long> failed = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            failed.add(saveIn(MessageState.FAILED, TYPE, "order-" + i));
        }
        long otherType = saveIn(MessageState.FAILED, "payment", "payment-1");
        long sent = saveIn(MessageState.SENT, TYPE, "order-4");

        BulkOperationResult first = this.admin.retryAllFailed(TYPE);
        BulkOperationResult second = this.admin.retryAllFailed(TYPE);

        assertThat(first).isEqualTo(new BulkOperationResult(Outcome.DONE, TYPE, 3, "3 FAILED message(s) of type '"
                + TYPE + "' are PENDING now, due at once, with their retry counts reset to 0"));
        assertThat(failed).allSatisfy(id -> assertThat(this.fixture.row(id).state()).isEqualTo(MessageState.PENDING));
        assertThat(this.fixture.row(otherType).state()).isEqualTo(MessageState.FAILED);
        assertThat(this.fixture.row(sent).state()).isEqualTo(MessageState.SENT);
        assertThat(second).isEqualTo(new BulkOperationResult(Outcome.ALREADY_DONE, TYPE, 0,
                "no message of type '" + TYPE + "' is FAILED; nothing was changed"));
        assertThat(this.wakeUps).hasValue(1);
    }

    @Test
    void retryOfAllFailedGoesInBatchesUntilNoneIsLeft() {
        for (int i = 1; i <= 5; i++) {
            saveIn(MessageState.FAILED, TYPE, "order-" + i);
        }

        int changed = adminRepository().retryFailed(TYPE, START, 2);

        assertThat(changed).isEqualTo(5);
        assertThat(this.fixture.count("state = 'FAILED'")).isZero();
    }
}
