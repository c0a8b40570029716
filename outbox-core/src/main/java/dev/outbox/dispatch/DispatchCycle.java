/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.dispatch;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.outbox.MessageState;
import dev.outbox.internal.claim.Claimer;
import dev.outbox.internal.jdbc.ClaimedMessage;
import org.jspecify.annotations.Nullable;

/**
 * One round of work: take the handed-off messages (those of an ordering key only when nothing
 * earlier of the key is unsent), top the batch up from the table when a claim is due, send it and
 * write the outcomes.
 */
final class DispatchCycle {

    private final HandoffQueue handoffs;

    private final OrderedHandoffs orderedHandoffs;

    private final Claimer claimer;

    private final BatchDelivery delivery;

    private final int batchSize;

    private final Clock clock;

    DispatchCycle(HandoffQueue handoffs, OrderedHandoffs orderedHandoffs, Claimer claimer, BatchDelivery delivery,
            int batchSize, Clock clock) {
        this.handoffs = handoffs;
        this.orderedHandoffs = orderedHandoffs;
        this.claimer = claimer;
        this.delivery = delivery;
        this.batchSize = batchSize;
        this.clock = clock;
    }

    /**
     * @param claim whether to claim due PENDING rows from the table
     * @param claimFailed whether to claim FAILED rows due for their slow retry as well
     * @return what the round did
     */
    Result run(boolean claim, boolean claimFailed) {
        // When a claim is due, half the batch is kept for it, so that a steady stream of local commits
        // never starves retries and other instances' messages, nor a backlog the local stream.
        int handoffShare = claim ? this.batchSize / 2 : this.batchSize;
        List<ClaimedMessage> handedOff = new ArrayList<>(this.handoffs.take(handoffShare, this.clock.instant()));
        List<ClaimedMessage> claimed = new ArrayList<>();
        boolean claimFilledBatch = false;
        if (claim) {
            int wanted = this.batchSize - handedOff.size();
            claimed.addAll(this.claimer.claim(MessageState.PENDING, wanted));
            claimFilledBatch = claimed.size() == wanted;
        }
        int claimedPending = claimed.size();
        if (claimFailed && handedOff.size() + claimed.size() < this.batchSize) {
            claimed.addAll(this.claimer.claim(MessageState.FAILED, this.batchSize - handedOff.size() - claimed.size()));
        }
        if (handedOff.size() + claimed.size() < this.batchSize) {
            handedOff.addAll(this.handoffs.take(this.batchSize - handedOff.size() - claimed.size(),
                    this.clock.instant()));
        }
        List<ClaimedMessage> batch = new ArrayList<>(claimed);
        batch.addAll(this.orderedHandoffs.admit(handedOff, claimed));
        if (batch.isEmpty()) {
            OrderedHandoffs.Recheck recheck = this.orderedHandoffs.afterDelivery(batch, claim);
            return new Result(0, false, recheck.at());
        }
        BatchDelivery.Result delivered = this.delivery.deliver(batch);
        OrderedHandoffs.Recheck recheck = this.orderedHandoffs.afterDelivery(batch, claim);
        // A claim that made progress may have cleared the way for the next messages of its ordering keys.
        boolean claimAgain = claimFilledBatch || (claimedPending > 0 && delivered.delivered() > 0)
                || recheck.unblocked();
        return new Result(batch.size(), claimAgain, earliest(delivered.earliestRetry(), recheck.at()));
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
