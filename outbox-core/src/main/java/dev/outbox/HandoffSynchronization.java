/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.NewMessage;
import dev.outbox.message.MessageState;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Collects the messages one transaction saves and, after it commits, tells the local dispatcher:
 * due messages are handed over ready to send (the dispatcher sends one with an ordering key only
 * if nothing earlier of its key is unsent), delayed ones only wake the dispatcher's claim at the
 * time they become due. A rollback tells nothing.
 */
final class HandoffSynchronization implements TransactionSynchronization {

    private static final Logger logger = LoggerFactory.getLogger(HandoffSynchronization.class);

    private final MessageHandoff handoff;

    private final List<HandedOffMessage> ready = new ArrayList<>();

    private @Nullable Instant earliestClaim;

    private HandoffSynchronization(MessageHandoff handoff) {
        this.handoff = handoff;
    }

    /**
     * Finds this transaction's synchronization among the registered ones, or registers one. Spring
     * suspends synchronizations with their transaction, so a nested REQUIRES_NEW transaction gets its own.
     */
    static HandoffSynchronization forCurrentTransaction(MessageHandoff handoff) {
        for (TransactionSynchronization registered : TransactionSynchronizationManager.getSynchronizations()) {
            if (registered instanceof HandoffSynchronization existing && existing.handoff == handoff) {
                return existing;
            }
        }
        HandoffSynchronization created = new HandoffSynchronization(handoff);
        TransactionSynchronizationManager.registerSynchronization(created);
        return created;
    }

    void handOff(long id, NewMessage row, Map<String, String> headers) {
        ClaimedMessage message = new ClaimedMessage(id, 0, row.key(), row.type(), row.topic(), row.orderingKey(),
                Map.copyOf(headers),
                row.body(), 0, MessageState.PENDING, row.createdAt());
        this.ready.add(new HandedOffMessage(message, row.nextRetryAt()));
    }

    void claimWhenDue(Instant dueAt) {
        if (this.earliestClaim == null || dueAt.isBefore(this.earliestClaim)) {
            this.earliestClaim = dueAt;
        }
    }

    @Override
    public void afterCommit() {
        try {
            if (!this.ready.isEmpty()) {
                this.handoff.handOff(List.copyOf(this.ready));
            }
            if (this.earliestClaim != null) {
                this.handoff.claimDueAt(this.earliestClaim);
            }
        }
        catch (RuntimeException ex) {
            // The commit has happened; the messages are safe and will be claimed when due.
            logger.warn("Could not hand committed outbox messages to the dispatcher", ex);
        }
    }
}
