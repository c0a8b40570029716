/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.claim;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import dev.outbox.internal.jdbc.Claim;
import dev.outbox.internal.jdbc.ClaimScope;
import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DuePosition;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.message.MessageState;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.testing.MutableClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

class ClaimerTest {

    private static final Instant START = Instant.parse("2026-01-02T03:04:05Z");

    private static final Duration LEASE = Duration.ofSeconds(30);

    private static final Duration RESCAN = Duration.ofSeconds(1);

    private final OutboxRepository repository = mock(OutboxRepository.class);

    private final OutboxMetrics metrics = mock(OutboxMetrics.class);

    private final MutableClock clock = new MutableClock(START);

    @Test
    void skipLockedClaimLeasesDueRowsForTheLease() {
        when(this.repository.claimSkipLocked(ClaimScope.all(), MessageState.PENDING, 10, START, START.plus(LEASE), null))
                .thenReturn(claim(1, 1));

        List<ClaimedMessage> claimed = claimer(ClaimStrategy.SKIP_LOCKED).claim(MessageState.PENDING, 10);

        assertThat(claimed).extracting(ClaimedMessage::id).containsExactly(1L);
        verify(this.metrics).claimed(1, 0);
    }

    @Test
    void aFullClaimLetsTheNextScanContinueAfterItsLastRow() {
        Claimer claimer = claimer(ClaimStrategy.SKIP_LOCKED);
        when(this.repository.claimSkipLocked(any(), eq(MessageState.PENDING), eq(3), any(), any(), isNull()))
                .thenReturn(claim(1, 3));
        when(this.repository.claimSkipLocked(any(), eq(MessageState.PENDING), eq(3), any(), any(), eq(position(3))))
                .thenReturn(claim(4, 6));
        when(this.repository.claimSkipLocked(any(), eq(MessageState.PENDING), eq(3), any(), any(), eq(position(6))))
                .thenReturn(claim(7, 9));

        claimer.claim(MessageState.PENDING, 3);
        claimer.claim(MessageState.PENDING, 3);
        claimer.claim(MessageState.PENDING, 3);

        verify(this.repository).claimSkipLocked(any(), eq(MessageState.PENDING), eq(3), any(), any(), eq(position(6)));
    }

    @Test
    void headsOfOrderingKeysAreFollowedByTheirRunsAndAFullClaimContinuesAfterTheLastHead() {
        Claimer claimer = claimer(ClaimStrategy.SKIP_LOCKED);
        Claim heads = new Claim(List.of(ordered(1, "customer-7"), ordered(2, "customer-8")), 0, position(2));
        when(this.repository.claimSkipLocked(any(), eq(MessageState.PENDING), eq(4), any(), any(), isNull()))
                .thenReturn(heads);
        when(this.repository.claimRuns(heads.claimed(), 2, START, START.plus(LEASE)))
                .thenReturn(List.of(ordered(5, "customer-8"), ordered(3, "customer-7")));
        when(this.repository.claimSkipLocked(any(), eq(MessageState.PENDING), eq(4), any(), any(), eq(position(2))))
                .thenReturn(Claim.nothing());

        List<ClaimedMessage> claimed = claimer.claim(MessageState.PENDING, 4);
        claimer.claim(MessageState.PENDING, 4);

        assertThat(claimed).extracting(ClaimedMessage::id).containsExactly(1L, 2L, 3L, 5L);
        verify(this.metrics).claimed(4, 0);
        verify(this.repository).claimSkipLocked(any(), eq(MessageState.PENDING), eq(4), any(), any(), eq(position(2)));
    }

    @Test
    void thePullApisClaimerTakesHeadsOnly() {
        Claimer headsOnly = new Claimer(this.repository, ClaimScope.all(), ClaimStrategy.SKIP_LOCKED, LEASE, RESCAN,
                false, this.clock, this.metrics);
        when(this.repository.claimSkipLocked(any(), any(), anyInt(), any(), any(), any()))
                .thenReturn(new Claim(List.of(ordered(1, "customer-7")), 0, position(1)));

        assertThat(headsOnly.claim(MessageState.PENDING, 4)).extracting(ClaimedMessage::id).containsExactly(1L);
        verify(this.repository, never()).claimRuns(any(), anyInt(), any(), any());
    }

    @Test
    void aShortClaimSendsTheNextScanBackToTheEarliestDueRow() {
        Claimer claimer = claimer(ClaimStrategy.SKIP_LOCKED);
        when(this.repository.claimSkipLocked(any(), any(), anyInt(), any(), any(), isNull())).thenReturn(claim(1, 3));
        when(this.repository.claimSkipLocked(any(), any(), anyInt(), any(), any(), eq(position(3)))).thenReturn(claim(4, 4));

        claimer.claim(MessageState.PENDING, 3);
        claimer.claim(MessageState.PENDING, 3);
        claimer.claim(MessageState.PENDING, 3);

        verify(this.repository, times(2)).claimSkipLocked(any(), any(), anyInt(), any(), any(), isNull());
    }

    @Test
    void theScanStartsFromTheEarliestDueRowAgainAfterTheRescanInterval() {
        Claimer claimer = claimer(ClaimStrategy.SKIP_LOCKED);
        when(this.repository.claimSkipLocked(any(), any(), anyInt(), any(), any(), any())).thenReturn(claim(1, 3));

        claimer.claim(MessageState.PENDING, 3);
        this.clock.advance(RESCAN.minusMillis(1));
        claimer.claim(MessageState.PENDING, 3);
        this.clock.advance(Duration.ofMillis(1));
        claimer.claim(MessageState.PENDING, 3);

        verify(this.repository, times(2)).claimSkipLocked(any(), any(), anyInt(), any(), any(), isNull());
        verify(this.repository, times(1)).claimSkipLocked(any(), any(), anyInt(), any(), any(), eq(position(3)));
    }

    @Test
    void afterAClaimFoundNothingAnIdleTableIsProbedWithAPlainReadInsteadOfAClaim() {
        Claimer claimer = claimer(ClaimStrategy.SKIP_LOCKED);
        when(this.repository.claimSkipLocked(any(), any(), anyInt(), any(), any(), any())).thenReturn(Claim.nothing());
        claimer.claim(MessageState.PENDING, 10);

        assertThat(claimer.claim(MessageState.PENDING, 10)).isEmpty();
        assertThat(claimer.claim(MessageState.PENDING, 10)).isEmpty();

        verify(this.repository, times(2)).anyDue(ClaimScope.all(), MessageState.PENDING, START);
        verify(this.repository, times(1)).claimSkipLocked(any(), any(), anyInt(), any(), any(), any());
    }

    @Test
    void whenTheProbeFindsARowDueTheClaimRunsAndTheProbeStops() {
        Claimer claimer = claimer(ClaimStrategy.SKIP_LOCKED);
        when(this.repository.claimSkipLocked(any(), any(), anyInt(), any(), any(), any())).thenReturn(Claim.nothing(),
                claim(7, 7), claim(8, 8));
        claimer.claim(MessageState.PENDING, 10);
        when(this.repository.anyDue(ClaimScope.all(), MessageState.PENDING, START)).thenReturn(true);

        assertThat(claimer.claim(MessageState.PENDING, 10)).extracting(ClaimedMessage::id).containsExactly(7L);
        assertThat(claimer.claim(MessageState.PENDING, 10)).extracting(ClaimedMessage::id).containsExactly(8L);

        verify(this.repository, times(1)).anyDue(ClaimScope.all(), MessageState.PENDING, START);
    }

    @Test
    void eachStateIsIdleOnItsOwn() {
        Claimer claimer = claimer(ClaimStrategy.SKIP_LOCKED);
        when(this.repository.claimSkipLocked(any(), eq(MessageState.FAILED), anyInt(), any(), any(), any()))
                .thenReturn(Claim.nothing());
        when(this.repository.claimSkipLocked(any(), eq(MessageState.PENDING), anyInt(), any(), any(), any()))
                .thenReturn(claim(1, 1));
        claimer.claim(MessageState.FAILED, 10);

        claimer.claim(MessageState.PENDING, 10);

        verify(this.repository, never()).anyDue(any(), eq(MessageState.PENDING), any());
    }

    @Test
    void optimisticClaimReportsRowsLostToOtherInstancesAndNeedsNoProbe() {
        Claimer claimer = claimer(ClaimStrategy.OPTIMISTIC);
        when(this.repository.claimOptimistic(ClaimScope.all(), MessageState.PENDING, 10, 40, START, START.plus(LEASE)))
                .thenReturn(Claim.nothing(), new Claim(List.of(row(3)), 9, null));

        claimer.claim(MessageState.PENDING, 10);
        List<ClaimedMessage> claimed = claimer.claim(MessageState.PENDING, 10);

        assertThat(claimed).extracting(ClaimedMessage::id).containsExactly(3L);
        verify(this.metrics).claimed(1, 9);
        verify(this.repository, never()).anyDue(any(), any(), any());
    }

    private Claimer claimer(ClaimStrategy strategy) {
        return new Claimer(this.repository, ClaimScope.all(), strategy, LEASE, RESCAN, true, this.clock, this.metrics);
    }

    /** Rows first..last, all due at the start. */
    private static Claim claim(long first, long last) {
        return new Claim(LongStream.rangeClosed(first, last).mapToObj(ClaimerTest::row).toList(), 0, position(last));
    }

    private static DuePosition position(long id) {
        return new DuePosition(START.minusSeconds(60), id);
    }

    private static ClaimedMessage ordered(long id, String orderingKey) {
        return new ClaimedMessage(id, 1, "key-" + id, "order.created", "orders", orderingKey, Map.of(), "{}", 0,
                MessageState.PENDING, START);
    }

    private static ClaimedMessage row(long id) {
        return new ClaimedMessage(id, 1, "key-" + id, "order.created", "orders", null, Map.of(), "{}", 0,
                MessageState.PENDING, START);
    }
}
