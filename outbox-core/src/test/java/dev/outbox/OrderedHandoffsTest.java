/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DeliveryOutcome;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.message.MessageState;
import dev.outbox.testing.MutableClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

class OrderedHandoffsTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    private final OutboxRepository repository = mock(OutboxRepository.class);

    private final MutableClock clock = new MutableClock(NOW);

    private final OrderedHandoffs handoffs = new OrderedHandoffs(this.repository, Duration.ofMillis(100), this.clock);

    @Test
    void messagesWithoutAnOrderingKeyGoWithoutAQuery() {
        List<ClaimedMessage> handedOff = List.of(message(1, null), message(2, null));

        assertThat(this.handoffs.admit(handedOff, List.of())).isEqualTo(handedOff);
        verify(this.repository, never()).withNothingEarlierUnsent(anyList(), anyList());
    }

    @Test
    void aHeldBackMessageAndTheLaterOnesOfItsKeyLoseTheirLeaseWithoutAnAttempt() {
        ClaimedMessage a1 = message(1, "a");
        ClaimedMessage a2 = message(2, "a");
        ClaimedMessage b1 = message(3, "b");
        ClaimedMessage claimedB0 = message(0, "b");
        // a1 waits behind a message in flight elsewhere; a2 and b1 have nothing outside the batch before them.
        when(this.repository.withNothingEarlierUnsent(List.of(a1, a2, b1), List.of(a1, a2, b1, claimedB0)))
                .thenReturn(Set.of(2L, 3L));

        List<ClaimedMessage> admitted = this.handoffs.admit(List.of(a1, a2, b1), List.of(claimedB0));

        assertThat(admitted).containsExactly(b1);
        verify(this.repository).complete(List.of(new DeliveryOutcome.Released(1, 0, NOW),
                new DeliveryOutcome.Released(2, 0, NOW)), NOW);
    }

    @Test
    void aHeldBackKeyIsLookedForAgainSoonThenLessOftenUntilThePollIntervalTakesOver() {
        holdBack(message(1, "a"));

        assertThat(this.handoffs.afterDelivery(List.of(), false).at()).isEqualTo(NOW.plusMillis(10));
        assertThat(this.handoffs.afterDelivery(List.of(), true).at()).isEqualTo(NOW.plusMillis(20));
        assertThat(this.handoffs.afterDelivery(List.of(), true).at()).isEqualTo(NOW.plusMillis(40));
        assertThat(this.handoffs.afterDelivery(List.of(), true).at()).isEqualTo(NOW.plusMillis(80));
        assertThat(this.handoffs.afterDelivery(List.of(), true).at()).as("160 ms reaches the poll interval").isNull();
    }

    @Test
    void aBatchThatCarriesAHeldBackKeyUnblocksItAndEndsItsRechecks() {
        holdBack(message(1, "a"));

        OrderedHandoffs.Recheck recheck = this.handoffs.afterDelivery(List.of(message(1, "a")), true);

        assertThat(recheck.unblocked()).isTrue();
        assertThat(recheck.at()).isNull();
    }

    private void holdBack(ClaimedMessage message) {
        when(this.repository.withNothingEarlierUnsent(any(), any())).thenReturn(Set.of());
        assertThat(this.handoffs.admit(List.of(message), List.of())).isEmpty();
    }

    private static ClaimedMessage message(long id, String orderingKey) {
        return new ClaimedMessage(id, 0, "key-" + id, "order.created", "orders", orderingKey, Map.of(), "{}", 0,
                MessageState.PENDING, NOW);
    }
}
