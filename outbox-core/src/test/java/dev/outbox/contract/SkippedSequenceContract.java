/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import dev.outbox.Dispatcher;
import dev.outbox.MessageBuilder;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.OperationResult;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.Outcome;
import dev.outbox.consumer.inbox.Consumption;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.message.StoredMessage;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.RecordingSender;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An operator's skip of a sequenced message on a real database, with the real dispatcher and the inbox: the row
 * goes out in its place in the key's order as a marker, the key's in-order consumer passes its number and runs the
 * later steps instead of holding them for good, and the message, kept under its own key, runs once, late, when the
 * operator resumes it.
 */
abstract class SkippedSequenceContract extends DatabaseContract {

    private static final String TYPE = "account.step";

    private static final String KEY = "account-1";

    private MutableClock clock;

    private RecordingSender sender;

    private Dispatcher dispatcher;

    private OutboxTemplate outbox;

    private OutboxAdmin admin;

    private Inbox inbox;

    private final List<Long> applied = new ArrayList<>();

    /** How many of the sent messages the consumer has been given, in the order they were sent. */
    private int delivered;

    @BeforeEach
    void freshOutboxAndInbox() {
        this.fixture.jdbc.update("DELETE FROM " + OutboxStore.DEFAULT_OUTBOX_TABLE + "_sequence");
        this.fixture.jdbc.update("DELETE FROM " + OutboxStore.DEFAULT_INBOX_TABLE + "_sequence");
        this.fixture.jdbc.update("DELETE FROM " + OutboxStore.DEFAULT_INBOX_TABLE);
        this.clock = new MutableClock(Instant.parse("2026-05-01T08:00:00Z"));
        this.sender = new RecordingSender();
        RetryPolicy oneAttempt = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.0, 1);
        this.dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender)).clock(this.clock)
                .retryPolicies(new RetryPolicies(oneAttempt, Map.of(), null)).build();
        this.outbox = this.fixture.template().clock(this.clock).build();
        this.admin = OutboxAdmin.builder(this.fixture.store).clock(this.clock).build();
        this.inbox = Inbox.builder(this.fixture.store).clock(this.clock).build();
        this.applied.clear();
        this.delivered = 0;
    }

    @Test
    void skippedStepGoesOutAsAMarkerSoThatTheConsumerAppliesOneAndThreeThenTheResumedTwoOnce() {
        this.sender.failKey(KEY + "/step-2");
        long[] ids = { save(1), save(2), save(3) };
        this.dispatcher.dispatchOnce();
        assertThat(this.fixture.row(ids[1]).state()).as("step 2, refused by the broker").isEqualTo(MessageState.FAILED);
        deliverSent();
        assertThat(this.applied).containsExactly(1L);

        OperationResult skipped = this.admin.skip(ids[1]);
        long kept = Long.parseLong(this.fixture.row(ids[1]).headers().get(OutboxHeaders.SKIPPED));
        this.dispatcher.dispatchOnce();
        List<Consumption> consumed = deliverSent();

        assertThat(skipped.outcome()).isEqualTo(Outcome.DONE);
        assertThat(skipped.message()).isEqualTo("message " + ids[1] + " was number 2 of ordering key '" + KEY
                + "': it goes out in its place as a marker that tells in-order consumers to pass the number, and the"
                + " key's later messages follow it; the message is kept as message " + kept + ", SUSPENDED and out of"
                + " the key: resume or retry it to apply it late, out of order");
        assertThat(this.sender.sent()).extracting(OutgoingMessage::id).containsExactly(ids[0], ids[1], ids[2]);
        assertThat(consumed).containsExactly(new Consumption(false, Inbox.SKIPPED_RESULT), new Consumption(false, null));
        assertThat(this.applied).as("step 2 passed, step 3 not held").containsExactly(1L, 3L);
        assertThat(this.fixture.jdbc.queryForObject("SELECT result FROM " + OutboxStore.DEFAULT_INBOX_TABLE
                + " WHERE idempotency_key = ?", String.class, "outbox-skipped:2:" + KEY)).isEqualTo("skipped");

        this.sender.heal();
        assertThat(this.admin.resume(kept).outcome()).isEqualTo(Outcome.DONE);
        this.dispatcher.dispatchOnce();
        List<Consumption> late = deliverSent();
        List<Consumption> again = deliver(this.sender.sent().subList(3, 4));

        assertThat(this.sender.sentKeys().subList(3, 4)).containsExactly(KEY + "/step-2");
        assertThat(late).containsExactly(new Consumption(false, null));
        assertThat(again).as("a second delivery of the resumed step").containsExactly(new Consumption(true, null));
        assertThat(this.applied).as("step 2 applied once, late").containsExactly(1L, 3L, 2L);
        assertThat(this.fixture.countBusinessRows()).isEqualTo(3);
    }

    @Test
    void skipOfASequencedMessageKeepsItUnderItsOwnKeyAndASecondSkipChangesNothing() {
        long first = save(1);
        long second = save(2);
        long third = save(3);
        assertThat(this.admin.suspend(second).outcome()).isEqualTo(Outcome.DONE);
        this.clock.advance(Duration.ofMinutes(5));

        OperationResult skipped = this.admin.skip(second);
        StoredMessage marker = this.fixture.row(second);
        long kept = Long.parseLong(marker.headers().get(OutboxHeaders.SKIPPED));
        OperationResult again = this.admin.skip(second);
        OperationResult keptAgain = this.admin.skip(kept);
        SaveResult resaved = this.fixture.inTransaction(() -> step(2).save());

        assertThat(skipped.state()).as("the marker's").isEqualTo(MessageState.PENDING);
        assertThat(marker.messageKey()).isEqualTo("outbox-skipped:" + second);
        assertThat(marker.orderingKey()).isEqualTo(KEY);
        assertThat(marker.body()).isEqualTo("outbox-skipped");
        assertThat(marker.headers()).containsEntry(OutboxHeaders.SEQUENCE, "2").containsEntry("tenant", "t-2");
        assertThat(marker.failReason()).isEqualTo("marker of message " + kept + ", skipped by an operator at "
                + this.clock.instant() + ": voids number 2 of ordering key '" + KEY + "'");
        StoredMessage message = this.fixture.row(kept);
        assertThat(message.messageKey()).isEqualTo(KEY + "/step-2");
        assertThat(message.state()).isEqualTo(MessageState.SUSPENDED);
        assertThat(message.orderingKey()).isNull();
        assertThat(message.body()).isEqualTo("{\"step\":2}");
        assertThat(message.headers()).containsEntry(OutboxHeaders.SEQUENCE, "2")
                .containsEntry(OutboxHeaders.ORDERING_KEY, KEY).containsEntry("tenant", "t-2")
                .doesNotContainKey(OutboxHeaders.SKIPPED);
        assertThat(message.failReason()).startsWith("skipped by an operator at " + this.clock.instant()
                + "; ordering key was '" + KEY + "'; its number 2 goes to the consumers as the marker message " + second);
        assertThat(again).isEqualTo(new OperationResult(Outcome.ALREADY_DONE, second, MessageState.PENDING, "message "
                + second + " is the marker that voids number 2 of ordering key '" + KEY + "' (skipped before); the"
                + " skipped message is kept as message " + kept + "; nothing was changed"));
        assertThat(keptAgain.outcome()).isEqualTo(Outcome.ALREADY_DONE);
        assertThat(resaved).as("the message's key still finds it").isEqualTo(new SaveResult(kept, true, 0));
        assertThat(this.fixture.countAll()).isEqualTo(4);

        this.dispatcher.dispatchOnce();
        assertThat(this.sender.sent()).extracting(OutgoingMessage::id).containsExactly(first, second, third);
        assertThat(this.fixture.row(kept).state()).isEqualTo(MessageState.SUSPENDED);
    }

    @Test
    void ofTwoConcurrentSkipsOneLeavesTheMarkerAndTheOtherFindsIt() throws Exception {
        save(1);
        long second = save(2);
        ExecutorService operators = Executors.newFixedThreadPool(2);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<OperationResult>> skips = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                skips.add(operators.submit(() -> {
                    start.await();
                    return this.admin.skip(second);
                }));
            }
            start.countDown();
            List<Outcome> outcomes = new ArrayList<>();
            for (Future<OperationResult> skip : skips) {
                outcomes.add(skip.get(1, TimeUnit.MINUTES).outcome());
            }

            assertThat(outcomes).containsExactlyInAnyOrder(Outcome.DONE, Outcome.ALREADY_DONE);
        }
        finally {
            operators.shutdownNow();
        }
        assertThat(this.fixture.countAll()).as("steps 1 and 2, and one kept copy of 2").isEqualTo(3);
    }

    private List<Consumption> deliverSent() {
        List<OutgoingMessage> sent = this.sender.sent();
        List<Consumption> consumed = deliver(sent.subList(this.delivered, sent.size()));
        this.delivered = sent.size();
        return consumed;
    }

    private List<Consumption> deliver(List<OutgoingMessage> messages) {
        List<Consumption> consumed = new ArrayList<>();
        for (OutgoingMessage message : messages) {
            Map<String, String> headers = OutboxHeaders.of(message);
            long number = Long.parseLong(headers.get(OutboxHeaders.SEQUENCE));
            consumed.add(this.fixture.inTransaction(() -> this.inbox.consumeInOrder("accounts", message.type(),
                    headers, () -> {
                        this.applied.add(number);
                        this.fixture.insertBusinessRow(KEY + ":" + number);
                    })));
        }
        return consumed;
    }

    private long save(int step) {
        return this.fixture.inTransaction(() -> step(step).save()).id();
    }

    private MessageBuilder step(int step) {
        return this.outbox.message(TYPE).key(KEY + "/step-" + step).topic("accounts")
                .payload("{\"step\":" + step + "}").header("tenant", "t-" + step).orderingKey(KEY).sequenced();
    }
}
