/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.outbox.internal.claim.Claimer;
import dev.outbox.internal.claim.RouteSwitchCache;
import dev.outbox.internal.claim.RouteSwitchState;
import dev.outbox.internal.jdbc.ClaimScope;
import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.message.MessageState;
import org.jspecify.annotations.Nullable;

/**
 * One round of work: take the handed-off messages (those of an ordering key only when nothing
 * earlier of the key is unsent), top the batch up from the table when a claim is due (with a probe
 * message per paused route whose probe is due, and without the paused routes' other messages), send
 * it and write the outcomes. Where the claim locks its rows while it sends ({@link LockedRound}), it claims the
 * PENDING rows in a round of its own, before the rest of the batch. Neither claims nor probes take the types switched to pull consumers; the whole round
 * follows the switches as read at its start ({@link RouteSwitchCache}).
 */
final class DispatchCycle {

    private final HandoffQueue handoffs;

    private final OrderedHandoffs orderedHandoffs;

    private final Claimer claimer;

    private final @Nullable LockedRound lockedRound;

    private final BatchDelivery delivery;

    private final RouteOutages outages;

    private final RouteSwitchCache switches;

    private final int batchSize;

    private final Clock clock;

    /**
     * @param lockedRound the round that claims PENDING rows under locks and writes their outcomes in the same
     * transaction, or null to lease every claimed row first
     */
    DispatchCycle(HandoffQueue handoffs, OrderedHandoffs orderedHandoffs, Claimer claimer,
            @Nullable LockedRound lockedRound, BatchDelivery delivery, RouteOutages outages, RouteSwitchCache switches,
            int batchSize, Clock clock) {
        this.lockedRound = lockedRound;
        this.handoffs = handoffs;
        this.orderedHandoffs = orderedHandoffs;
        this.claimer = claimer;
        this.delivery = delivery;
        this.outages = outages;
        this.switches = switches;
        this.batchSize = batchSize;
        this.clock = clock;
    }

    /**
     * @param claim whether to claim due PENDING rows from the table
     * @param claimFailed whether to claim FAILED rows due for their slow retry as well
     * @return what the round did
     */
    Result run(boolean claim, boolean claimFailed) {
        RouteSwitchState switched = this.switches.current();
        // When a claim is due, half the batch is kept for it, so that a steady stream of local commits
        // never starves retries and other instances' messages, nor a backlog the local stream.
        int handoffShare = claim ? this.batchSize / 2 : this.batchSize;
        List<ClaimedMessage> handedOff = new ArrayList<>(this.handoffs.take(handoffShare, this.clock.instant()));
        List<ClaimedMessage> claimed = new ArrayList<>();
        Set<Long> probes = new HashSet<>();
        boolean claimFilledBatch = false;
        // The slow retry of FAILED rows is only asked for with a claim (DispatchLoop, dispatchOnce).
        Optional<ClaimScope> scope = claim
                ? this.outages.claimScope().flatMap(base -> base.alsoWithout(switched.pulled())) : Optional.empty();
        LockedRound.Outcome locked = LockedRound.Outcome.NONE;
        if (claim) {
            claimProbes(claimed, probes, switched);
            int wanted = this.batchSize - handedOff.size() - claimed.size();
            if (scope.isPresent() && wanted > 0 && this.lockedRound != null) {
                // Before the hand-offs' ordering check, which needs a connection of its own.
                locked = this.lockedRound.run(scope.get(), wanted, switched);
                claimFilledBatch = locked.batch().size() == wanted;
            }
            else if (scope.isPresent() && wanted > 0) {
                claimed.addAll(this.claimer.claim(scope.get(), MessageState.PENDING, wanted));
                claimFilledBatch = claimed.size() - probes.size() == wanted;
            }
        }
        int claimedPending = claimed.size() + locked.batch().size();
        int taken = handedOff.size() + claimed.size() + locked.batch().size();
        if (claimFailed && scope.isPresent() && taken < this.batchSize) {
            claimed.addAll(this.claimer.claim(scope.get(), MessageState.FAILED, this.batchSize - taken));
            taken = handedOff.size() + claimed.size() + locked.batch().size();
        }
        if (taken < this.batchSize) {
            handedOff.addAll(this.handoffs.take(this.batchSize - taken, this.clock.instant()));
        }
        List<ClaimedMessage> batch = new ArrayList<>(claimed);
        batch.addAll(this.orderedHandoffs.admit(handedOff, claimed));
        List<ClaimedMessage> processed = new ArrayList<>(locked.batch());
        processed.addAll(batch);
        if (processed.isEmpty()) {
            OrderedHandoffs.Recheck recheck = this.orderedHandoffs.afterDelivery(processed, claim);
            return new Result(0, false, earliest(recheck.at(), this.outages.nextProbeAt()));
        }
        BatchDelivery.Result delivered = batch.isEmpty() ? locked.result()
                : locked.result().and(this.delivery.deliver(batch, probes, switched));
        OrderedHandoffs.Recheck recheck = this.orderedHandoffs.afterDelivery(processed, claim);
        // A claim that made progress may have cleared the way for the next messages of its ordering keys;
        // a route that resumed has its waiting messages due.
        // Local handlers refused for a full queue: more claims now would only lease rows to wait.
        boolean claimAgain = !delivered.handlersRefused() && (claimFilledBatch
                || (claimedPending > 0 && delivered.delivered() > 0) || recheck.unblocked() || delivered.resumed());
        return new Result(processed.size(), claimAgain,
                earliest(earliest(delivered.earliestRetry(), recheck.at()), this.outages.nextProbeAt()));
    }

    /**
     * Claims one probe message per paused route whose probe is due. A route with no message left to probe
     * resumes: nothing of it waits, and its next send tells whether the broker is back.
     */
    private void claimProbes(List<ClaimedMessage> claimed, Set<Long> probes, RouteSwitchState switched) {
        for (RouteOutages.Probe probe : this.outages.takeDueProbes()) {
            Optional<ClaimScope> scope = probe.scope().alsoWithout(switched.pulled());
            List<ClaimedMessage> probed = scope.isPresent()
                    ? this.claimer.claim(scope.get(), MessageState.PENDING, 1) : List.of();
            if (probed.isEmpty()) {
                this.outages.resume(probe.sender());
            }
            probed.forEach(message -> probes.add(message.id()));
            claimed.addAll(probed);
        }
    }

    private static @Nullable Instant earliest(@Nullable Instant a, @Nullable Instant b) {
        return (a == null || (b != null && b.isBefore(a))) ? b : a;
    }

    /**
     * @param processed messages sent, failed or held back in the round
     * @param claimAgain whether more may be due at once: the claim returned all it asked for, or it
     * took rows that were delivered, after which the next messages of their ordering keys are due
     * @param earliestRetry the earliest time a message that failed in the round is due again, or a
     * held-back message should be looked for again
     */
    record Result(int processed, boolean claimAgain, @Nullable Instant earliestRetry) {
    }
}
