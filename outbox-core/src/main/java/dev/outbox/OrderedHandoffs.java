/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DeliveryOutcome;
import dev.outbox.internal.jdbc.OutboxRepository;
import org.jspecify.annotations.Nullable;

/**
 * Lets a handed-off message with an ordering key go only when nothing earlier of its key is unsent.
 *
 * <p>The writer leased the message to this instance at insert, before it could know for sure: its
 * transaction's snapshot may predate the commit of an earlier message of the key, and another
 * transaction or instance may hold one in flight. So before sending, one plain read of the latest
 * committed state per batch checks every handed-off ordered message; the messages of a key in the
 * same batch, handed off or claimed, count as a run, which the batch sends in id order. A message
 * held back loses its lease at once, without an attempt counted, and is claimed the usual way once
 * its key's earlier messages are sent. As the earlier message is usually in flight, on this instance
 * or another, its key is checked again by claims soon after, 10 ms on and then twice as long each
 * time, until it flows or the wait reaches the poll interval, which takes over from there.
 */
final class OrderedHandoffs {

    /** How soon a claim first looks again for a held-back message. */
    static final Duration FIRST_RECHECK = Duration.ofMillis(10);

    private final OutboxRepository repository;

    private final Duration pollInterval;

    private final Clock clock;

    /** Keys whose handed-off messages were held back, with the wait before the next claim looks for them. */
    private final Map<String, Duration> heldBack = new ConcurrentHashMap<>();

    OrderedHandoffs(OutboxRepository repository, Duration pollInterval, Clock clock) {
        this.repository = repository;
        this.pollInterval = pollInterval;
        this.clock = clock;
    }

    /**
     * @param handedOff messages taken from the hand-off queue
     * @param claimed the messages claimed for the same batch, which may come before handed-off ones of
     * their keys in it
     * @return the handed-off messages that may be sent in the batch; the others have lost their lease
     */
    List<ClaimedMessage> admit(List<ClaimedMessage> handedOff, List<ClaimedMessage> claimed) {
        List<ClaimedMessage> ordered = handedOff.stream().filter(message -> message.orderingKey() != null)
                .sorted(Comparator.comparingLong(ClaimedMessage::id)).toList();
        if (ordered.isEmpty()) {
            return handedOff;
        }
        List<ClaimedMessage> batchOrdered = new ArrayList<>(ordered);
        claimed.stream().filter(message -> message.orderingKey() != null).forEach(batchOrdered::add);
        Set<Long> free = this.repository.withNothingEarlierUnsent(ordered, batchOrdered);
        Set<String> blockedKeys = new HashSet<>();
        Set<Long> heldBackIds = new HashSet<>();
        List<DeliveryOutcome> releases = new ArrayList<>();
        Instant now = this.clock.instant();
        for (ClaimedMessage message : ordered) {
            // Once one message of a key is held back, every later one of the key is too.
            if (blockedKeys.contains(message.orderingKey()) || !free.contains(message.id())) {
                blockedKeys.add(message.orderingKey());
                heldBackIds.add(message.id());
                releases.add(new DeliveryOutcome.Released(message.id(), message.lockVersion(), now));
            }
        }
        if (heldBackIds.isEmpty()) {
            return handedOff;
        }
        this.repository.complete(releases, now);
        blockedKeys.forEach(key -> this.heldBack.put(key, FIRST_RECHECK));
        return handedOff.stream().filter(message -> !heldBackIds.contains(message.id())).toList();
    }

    /**
     * Forgets the held-back keys that the batch carries (their messages flow again) and, if the batch
     * came with a claim, doubles the wait of the others, dropping those whose wait reached the poll
     * interval.
     *
     * @param batch the batch just delivered
     * @param claimed whether the round claimed from the table
     * @return whether the batch carried a held-back key, whose next messages a claim may now take; and
     * when a claim should next look for the others, if at all
     */
    Recheck afterDelivery(List<ClaimedMessage> batch, boolean claimed) {
        if (this.heldBack.isEmpty()) {
            return Recheck.NONE;
        }
        boolean unblocked = false;
        for (ClaimedMessage message : batch) {
            if (message.orderingKey() != null && this.heldBack.remove(message.orderingKey()) != null) {
                unblocked = true;
            }
        }
        if (claimed) {
            this.heldBack.replaceAll((key, wait) -> wait.multipliedBy(2));
            this.heldBack.values().removeIf(wait -> wait.compareTo(this.pollInterval) >= 0);
        }
        Instant next = this.heldBack.values().stream().min(Comparator.naturalOrder())
                .map(wait -> this.clock.instant().plus(wait)).orElse(null);
        return new Recheck(unblocked, next);
    }

    /**
     * @param unblocked whether the batch carried a key with held-back messages
     * @param at when a claim should next look for held-back messages, or null
     */
    record Recheck(boolean unblocked, @Nullable Instant at) {

        static final Recheck NONE = new Recheck(false, null);
    }
}
