package dev.outbox.dispatch;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.outbox.MessageState;
import dev.outbox.jdbc.ClaimedMessage;
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
        List<ClaimedMessage> batch = new ArrayList<>(takeHandoffs(handoffShare));
        boolean claimFilledBatch = false;
        int claimed = 0;
        if (claim) {
            int wanted = this.batchSize - batch.size();
            List<ClaimedMessage> pending = this.claimer.claim(MessageState.PENDING, wanted);
            claimFilledBatch = pending.size() == wanted;
            claimed = pending.size();
            batch.addAll(pending);
        }
        if (claimFailed && batch.size() < this.batchSize) {
            batch.addAll(this.claimer.claim(MessageState.FAILED, this.batchSize - batch.size()));
        }
        if (batch.size() < this.batchSize) {
            batch.addAll(takeHandoffs(this.batchSize - batch.size()));
        }
        if (batch.isEmpty()) {
            return new Result(0, false, null);
        }
        BatchDelivery.Result delivered = this.delivery.deliver(batch);
        // A claim that made progress may have cleared the way for the next messages of its ordering keys.
        boolean claimAgain = claimFilledBatch || (claimed > 0 && delivered.delivered() > 0)
                || this.orderedHandoffs.mayUnblockHeldBack(batch);
        return new Result(batch.size(), claimAgain, delivered.earliestRetry());
    }

    private List<ClaimedMessage> takeHandoffs(int limit) {
        return this.orderedHandoffs.admit(this.handoffs.take(limit, this.clock.instant()));
    }

    /**
     * @param processed messages sent, failed or held back in the round
     * @param claimAgain whether more may be due at once: the claim returned all it asked for, or it
     * took rows that were delivered, after which the next messages of their ordering keys are due
     * @param earliestRetry the earliest time a message that failed in the round is due again
     */
    record Result(int processed, boolean claimAgain, @Nullable Instant earliestRetry) {
    }
}
