/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Instant;
import java.util.List;

/**
 * What {@link OutboxAdmin#reconcile} found: of the messages that were marked SENT in a window, how many the
 * broker holds, and which it does not hold or holds as another message.
 *
 * @param from the window's start (inclusive): when the first message was marked SENT
 * @param to the window's end (exclusive)
 * @param checked how many SENT messages were read back
 * @param found how many the broker holds as sent
 * @param notCheckable how many name no record the check can read (another sender, a fallback handler)
 * @param problems the messages {@link RecordStatus#MISSING} or {@link RecordStatus#MISMATCHED}, in id order
 * @param complete false when the window held more than {@value OutboxAdmin#MAX_RECONCILED} SENT messages and only
 * the first ones were checked: reconcile a narrower window
 */
public record Reconciliation(Instant from, Instant to, int checked, int found, int notCheckable,
        List<RecordCheck> problems, boolean complete) {

    /**
     * @param from the window's start (inclusive)
     * @param to the window's end (exclusive)
     * @param checked how many SENT messages were read back
     * @param found how many the broker holds as sent
     * @param notCheckable how many name no record the check can read
     * @param problems the messages missing or mismatched, in id order
     * @param complete false when only the first messages of the window were checked
     */
    public Reconciliation {
        problems = List.copyOf(problems);
    }

    /**
     * @return the ids of the problems, which {@link OutboxAdmin#resend} sends again
     */
    public List<Long> problemIds() {
        return this.problems.stream().map(RecordCheck::id).toList();
    }
}
