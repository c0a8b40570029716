/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.message.MessageState;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HandoffQueueTest {

    private static final Duration LEASE = Duration.ofSeconds(30);

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");

    @Test
    void takesMessagesWithMoreThanHalfTheirLeaseLeft() {
        HandoffQueue queue = new HandoffQueue(10, LEASE);
        queue.offer(List.of(handedOff(1, NOW.plus(LEASE)), handedOff(2, NOW.plusSeconds(16))));

        assertThat(ids(queue.take(10, NOW))).containsExactly(1L, 2L);
    }

    @Test
    void dropsMessagesWithLessThanHalfTheirLeaseLeft() {
        HandoffQueue queue = new HandoffQueue(10, LEASE);
        queue.offer(List.of(handedOff(1, NOW.plusSeconds(14)), handedOff(2, NOW.plus(LEASE)),
                handedOff(3, NOW.plusSeconds(1)), handedOff(4, NOW.minusSeconds(5))));

        assertThat(ids(queue.take(10, NOW))).containsExactly(2L);
        // Dropped messages are gone: the table gives them out again once their lease ends.
        assertThat(queue.take(10, NOW)).isEmpty();
    }

    @Test
    void aMessageThatWaitedTooLongIsDroppedWhenTaken() {
        HandoffQueue queue = new HandoffQueue(10, LEASE);
        queue.offer(List.of(handedOff(1, NOW.plus(LEASE))));

        assertThat(queue.take(10, NOW.plusSeconds(16))).isEmpty();
    }

    @Test
    void takesAtMostTheLimitInOrderAndKeepsTheRest() {
        HandoffQueue queue = new HandoffQueue(10, LEASE);
        queue.offer(List.of(handedOff(1, NOW.plus(LEASE)), handedOff(2, NOW.plus(LEASE)),
                handedOff(3, NOW.plus(LEASE))));

        assertThat(ids(queue.take(2, NOW))).containsExactly(1L, 2L);
        assertThat(ids(queue.take(2, NOW))).containsExactly(3L);
    }

    @Test
    void returnsTheNumberOfMessagesBeyondItsCapacity() {
        HandoffQueue queue = new HandoffQueue(2, LEASE);

        int rejected = queue.offer(List.of(handedOff(1, NOW.plus(LEASE)), handedOff(2, NOW.plus(LEASE)),
                handedOff(3, NOW.plus(LEASE)), handedOff(4, NOW.plus(LEASE)), handedOff(5, NOW.plus(LEASE))));

        assertThat(rejected).isEqualTo(3);
        assertThat(ids(queue.take(10, NOW))).containsExactly(1L, 2L);
    }

    @Test
    void acceptsAgainOnceTaken() {
        HandoffQueue queue = new HandoffQueue(1, LEASE);
        assertThat(queue.offer(List.of(handedOff(1, NOW.plus(LEASE))))).isZero();
        assertThat(queue.offer(List.of(handedOff(2, NOW.plus(LEASE))))).isEqualTo(1);

        queue.take(1, NOW);

        assertThat(queue.offer(List.of(handedOff(3, NOW.plus(LEASE))))).isZero();
        assertThat(ids(queue.take(1, NOW))).containsExactly(3L);
    }

    @Test
    void anEmptyQueueGivesNothing() {
        HandoffQueue queue = new HandoffQueue(10, LEASE);

        assertThat(queue.take(10, NOW)).isEmpty();
        assertThat(queue.offer(List.of())).isZero();
    }

    private static HandedOffMessage handedOff(long id, Instant leaseUntil) {
        return new HandedOffMessage(new ClaimedMessage(id, 0, "key-" + id, "order.created", "orders", null, Map.of(),
                "{}", 0, MessageState.PENDING, Instant.EPOCH), leaseUntil);
    }

    private static List<Long> ids(List<ClaimedMessage> messages) {
        List<Long> ids = new ArrayList<>();
        messages.forEach(message -> ids.add(message.id()));
        return ids;
    }
}
