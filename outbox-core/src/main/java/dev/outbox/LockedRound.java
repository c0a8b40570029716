/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.outbox.internal.claim.Claimer;
import dev.outbox.internal.claim.RouteSwitchState;
import dev.outbox.internal.jdbc.ClaimScope;
import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.OutboxRepository;
import org.jspecify.annotations.Nullable;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The skip-locked claim that writes each confirmed message once: in one READ COMMITTED transaction it selects
 * the due rows {@code FOR UPDATE SKIP LOCKED} (heads of their keys, with the runs that follow them), sends them,
 * waits for the broker's confirmations no longer than the locked send window, marks the confirmed rows SENT and
 * the failed ones for their retry, leases the rest, and commits. The rows still unconfirmed, and those a locked
 * round does not send (local handlers, fallbacks, dead-letter routes, paused routes), then finish as leased rows
 * do ({@link BatchDelivery#resume}).
 *
 * <p>So the locks and the connection are held for the window and the statements; an instance that dies meanwhile
 * leaves its rows due, as its transaction rolls back. Everything in the transaction runs on its one connection:
 * nothing in it asks the pool for a second (the hand-off's ordering check runs after the commit), so a small pool
 * cannot deadlock on it.
 */
final class LockedRound {

    private final OutboxRepository repository;

    private final Claimer claimer;

    private final BatchDelivery delivery;

    private final TransactionTemplate transaction;

    private final Duration window;

    private final Duration lease;

    private final Clock clock;

    /**
     * @param repository where the rows are
     * @param claimer the skip-locked claimer
     * @param delivery what sends the rows and writes their outcomes
     * @param window how long the rows stay locked while the round waits for confirmations
     * @param lease how long the rows that go on are leased
     * @param clock the source of the round's times
     */
    LockedRound(OutboxRepository repository, Claimer claimer, BatchDelivery delivery, Duration window, Duration lease,
            Clock clock) {
        this.repository = repository;
        this.claimer = claimer;
        this.delivery = delivery;
        this.transaction = repository.store().readCommittedTransaction();
        this.window = window;
        this.lease = lease;
        this.clock = clock;
    }

    /**
     * @param scope the rows to claim from
     * @param limit the most rows to claim
     * @param switched the switches as the round read them
     * @return the rows the round took, and what delivering them did
     */
    Outcome run(ClaimScope scope, int limit, RouteSwitchState switched) {
        boolean[] interrupted = new boolean[1];
        Locked locked;
        try {
            locked = Objects.requireNonNull(this.transaction.execute(tx -> {
                List<ClaimedMessage> batch = this.claimer.lock(scope, limit);
                if (batch.isEmpty()) {
                    return Locked.NOTHING;
                }
                LockedSends sent = this.delivery.sendWhileLocked(batch, switched, this.window);
                // Cleared, as for any outcome, so that the driver writes and commits; set again below.
                interrupted[0] = Thread.interrupted();
                BatchDelivery.Result settled = this.delivery.settle(sent, switched);
                return new Locked(batch, sent, settled, lease(sent.leased()));
            }));
        }
        finally {
            if (interrupted[0]) {
                Thread.currentThread().interrupt();
            }
        }
        if (locked.leased().isEmpty()) {
            return new Outcome(locked.batch(), locked.settled());
        }
        return new Outcome(locked.batch(),
                locked.settled().and(this.delivery.resume(Objects.requireNonNull(locked.sent()), locked.leased(),
                        switched)));
    }

    /**
     * Leases the rows that go on after the commit. A row of a run that changed since it was read (an operator
     * suspended it) is not leased; nor is anything of its key after it, which its next claim takes in order.
     */
    private List<ClaimedMessage> lease(List<ClaimedMessage> rows) {
        Instant now = this.clock.instant();
        List<ClaimedMessage> taken = this.repository.lease(rows, now, now.plus(this.lease));
        if (taken.size() == rows.size()) {
            return taken;
        }
        Map<Long, ClaimedMessage> takenById = new HashMap<>();
        taken.forEach(row -> takenById.put(row.id(), row));
        Set<String> stopped = new HashSet<>();
        List<ClaimedMessage> leased = new ArrayList<>(taken.size());
        // The rows are in id order: a key stops at its first row not taken.
        for (ClaimedMessage row : rows) {
            ClaimedMessage leasedRow = takenById.get(row.id());
            String key = row.orderingKey();
            if (leasedRow == null && key != null) {
                stopped.add(key);
            }
            if (leasedRow != null && (key == null || !stopped.contains(key))) {
                leased.add(leasedRow);
            }
        }
        return leased;
    }

    /**
     * What a locked round did.
     *
     * @param batch the rows it took
     * @param result what delivering them did
     */
    record Outcome(List<ClaimedMessage> batch, BatchDelivery.Result result) {

        static final Outcome NONE = new Outcome(List.of(), BatchDelivery.Result.NONE);
    }

    private record Locked(List<ClaimedMessage> batch, @Nullable LockedSends sent, BatchDelivery.Result settled,
            List<ClaimedMessage> leased) {

        static final Locked NOTHING = new Locked(List.of(), null, BatchDelivery.Result.NONE, List.of());
    }
}
