package dev.outbox.dispatch;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.outbox.jdbc.ClaimedMessage;
import dev.outbox.jdbc.DeliveryOutcome;
import dev.outbox.jdbc.OutboxRepository;

/**
 * Lets a handed-off message with an ordering key go only when nothing earlier of its key is unsent.
 *
 * <p>The writer leased the message to this instance at insert, before it could know for sure: its
 * transaction's snapshot may predate the commit of an earlier message of the key, and another
 * transaction or instance may hold one in flight. So before sending, one plain read of the latest
 * committed state per batch checks every handed-off ordered message; messages of one key handed off
 * together count as a run. A message held back loses its lease at once, without an attempt counted,
 * and is claimed the usual way once its key's earlier messages are sent; when this instance then
 * delivers a message of that key, it asks for a claim at once instead of waiting for a poll.
 */
final class OrderedHandoffs {

    /** Bounds the memory of held-back keys whose earlier messages another instance sends. */
    private static final int MAX_REMEMBERED_KEYS = 10_000;

    private final OutboxRepository repository;

    private final Clock clock;

    /** Keys whose handed-off messages were held back and wait to be claimed. */
    private final Set<String> heldBackKeys = ConcurrentHashMap.newKeySet();

    OrderedHandoffs(OutboxRepository repository, Clock clock) {
        this.repository = repository;
        this.clock = clock;
    }

    /**
     * @param handedOff messages taken from the hand-off queue
     * @return those that may be sent now; the others have lost their lease
     */
    List<ClaimedMessage> admit(List<ClaimedMessage> handedOff) {
        List<ClaimedMessage> ordered = handedOff.stream().filter(message -> message.orderingKey() != null)
                .sorted(Comparator.comparingLong(ClaimedMessage::id)).toList();
        if (ordered.isEmpty()) {
            return handedOff;
        }
        Set<Long> free = this.repository.withNothingEarlierUnsent(ordered);
        Set<String> blockedKeys = new HashSet<>();
        Set<Long> heldBack = new HashSet<>();
        List<DeliveryOutcome> releases = new ArrayList<>();
        for (ClaimedMessage message : ordered) {
            // Once one message of a key is held back, every later one of the key is too.
            if (blockedKeys.contains(message.orderingKey()) || !free.contains(message.id())) {
                blockedKeys.add(message.orderingKey());
                heldBack.add(message.id());
                releases.add(new DeliveryOutcome.Released(message.id(), message.lockVersion(), this.clock.instant()));
            }
        }
        if (heldBack.isEmpty()) {
            return handedOff;
        }
        this.repository.complete(releases, this.clock.instant());
        if (this.heldBackKeys.size() > MAX_REMEMBERED_KEYS) {
            // Forgetting only costs a held-back message the wait for the next poll.
            this.heldBackKeys.clear();
        }
        this.heldBackKeys.addAll(blockedKeys);
        return handedOff.stream().filter(message -> !heldBack.contains(message.id())).toList();
    }

    /**
     * @param attempted messages this instance just attempted
     * @return whether one of them was of a key whose held-back messages wait for a claim, which may
     * now take them
     */
    boolean mayUnblockHeldBack(List<ClaimedMessage> attempted) {
        if (this.heldBackKeys.isEmpty()) {
            return false;
        }
        boolean unblocked = false;
        for (ClaimedMessage message : attempted) {
            if (message.orderingKey() != null && this.heldBackKeys.remove(message.orderingKey())) {
                unblocked = true;
            }
        }
        return unblocked;
    }
}
