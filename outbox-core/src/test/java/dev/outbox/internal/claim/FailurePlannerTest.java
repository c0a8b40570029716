/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.claim;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DeliveryOutcome;
import dev.outbox.message.MessageState;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class FailurePlannerTest {

    private static final Instant ATTEMPTED_AT = Instant.parse("2025-03-01T10:15:30.250Z");

    private static final Instant NOW = ATTEMPTED_AT.plusMillis(40);

    private static final Duration SLOW_RETRY = Duration.ofHours(6);

    /** 1 s doubling to 1 min, 5 attempts, no jitter. */
    private static final RetryPolicy POLICY = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1), 0.0,
            5);

    private final FailurePlanner planner = new FailurePlanner(new RetryPolicies(POLICY,
            Map.of("payment", new RetryPolicy(Duration.ofSeconds(30), 2.0, Duration.ofHours(1), 0.0, 2)), SLOW_RETRY));

    @ParameterizedTest(name = "attempt {0} fails -> retry in {1} ms")
    @CsvSource({ "1, 1000", "2, 2000", "3, 4000", "4, 8000" })
    void aPendingRowThatFailsAttemptNIsRetriedAfterTheExactDelay(int attempt, long delayMillis) {
        ClaimedMessage row = row("order.created", attempt - 1, MessageState.PENDING);

        DeliveryOutcome.Failed failed = this.planner.plan(row, new IllegalStateException("broker down"), false,
                ATTEMPTED_AT, NOW);

        assertThat(failed.state()).isEqualTo(MessageState.PENDING);
        assertThat(failed.retryCount()).isEqualTo(attempt);
        assertThat(failed.nextRetryAt()).isEqualTo(NOW.plusMillis(delayMillis));
    }

    @Test
    void carriesTheRowIdentityAttemptTimeAndReason() {
        ClaimedMessage row = row("order.created", 0, MessageState.PENDING);

        DeliveryOutcome.Failed failed = this.planner.plan(row, new IllegalStateException("broker down"), false,
                ATTEMPTED_AT, NOW);

        assertThat(failed.id()).isEqualTo(row.id());
        assertThat(failed.lockVersion()).isEqualTo(row.lockVersion());
        assertThat(failed.attemptedAt()).isEqualTo(ATTEMPTED_AT);
        assertThat(FailureReason.firstLine(failed.failReason()))
                .isEqualTo("java.lang.IllegalStateException: broker down");
    }

    @Test
    void aPendingRowThatFailsItsLastAttemptBecomesFailedAndWaitsForTheSlowRetry() {
        ClaimedMessage row = row("order.created", 4, MessageState.PENDING);

        DeliveryOutcome.Failed failed = this.planner.plan(row, new IllegalStateException("still down"), false,
                ATTEMPTED_AT, NOW);

        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.retryCount()).isEqualTo(5);
        assertThat(failed.nextRetryAt()).isEqualTo(NOW.plus(SLOW_RETRY));
        assertThat(failed.forGood()).as("its attempts were spent: the slow retry tries it").isFalse();
    }

    @Test
    void aFailedRowWhoseSlowRetryFailsStaysFailedUntilTheNextSlowRetry() {
        ClaimedMessage row = row("order.created", 7, MessageState.FAILED);

        DeliveryOutcome.Failed failed = this.planner.plan(row, new IllegalStateException("still down"), false,
                ATTEMPTED_AT, NOW);

        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.retryCount()).isEqualTo(8);
        assertThat(failed.nextRetryAt()).isEqualTo(NOW.plus(SLOW_RETRY));
    }

    @Test
    void aFailedRowWithFewAttemptsStillStaysFailed() {
        // An operator may have reset nothing but the state: a FAILED row never goes back to the fast schedule by itself.
        ClaimedMessage row = row("order.created", 1, MessageState.FAILED);

        DeliveryOutcome.Failed failed = this.planner.plan(row, new IllegalStateException("down"), false, ATTEMPTED_AT, NOW);

        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.nextRetryAt()).isEqualTo(NOW.plus(SLOW_RETRY));
    }

    @Test
    void aMessageTheBrokerRejectedForGoodIsFailedForGoodAtOnceWithItsReasonAndNoSlowRetry() {
        ClaimedMessage row = row("order.created", 0, MessageState.PENDING);

        DeliveryOutcome.Failed failed = this.planner.plan(row, new IllegalArgumentException("record too large"), true,
                ATTEMPTED_AT, NOW);

        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.forGood()).isTrue();
        assertThat(failed.retryCount()).isOne();
        assertThat(failed.nextRetryAt()).as("due at its failure: the cleanup counts its age from then").isEqualTo(NOW);
        assertThat(failed.failReason()).startsWith("java.lang.IllegalArgumentException: record too large");
    }

    @Test
    void usesThePolicyOfTheMessageType() {
        DeliveryOutcome.Failed first = this.planner.plan(row("payment", 0, MessageState.PENDING),
                new IllegalStateException("down"), false, ATTEMPTED_AT, NOW);
        DeliveryOutcome.Failed second = this.planner.plan(row("payment", 1, MessageState.PENDING),
                new IllegalStateException("down"), false, ATTEMPTED_AT, NOW);

        assertThat(first.state()).isEqualTo(MessageState.PENDING);
        assertThat(first.nextRetryAt()).isEqualTo(NOW.plusSeconds(30));
        assertThat(second.state()).isEqualTo(MessageState.FAILED);
        assertThat(second.retryCount()).isEqualTo(2);
    }

    @Test
    void withoutSlowRetryTheLastFailureStillParksTheRowAsFailed() {
        FailurePlanner noSlowRetry = new FailurePlanner(new RetryPolicies(POLICY, Map.of(), null));

        DeliveryOutcome.Failed failed = noSlowRetry.plan(row("order.created", 4, MessageState.PENDING),
                new IllegalStateException("down"), false, ATTEMPTED_AT, NOW);

        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.retryCount()).isEqualTo(5);
    }

    private static ClaimedMessage row(String type, int retryCount, MessageState state) {
        return new ClaimedMessage(42, 7, "key-1", type, "orders", null, Map.of(), "{}", retryCount, state, Instant.EPOCH);
    }
}
