/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

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
 * @param complete false when only the window's first messages were checked, because the window held more than
 * {@value OutboxAdmin#MAX_RECONCILED} SENT messages or the {@link ReconciliationQuery#deadline() deadline} passed:
 * check the rest from {@code nextFrom} and {@code nextAfterId}
 * @param nextFrom when not complete, the {@code from} of the query that checks the rest of the window: the time the
 * last message checked was marked SENT; null when complete
 * @param nextAfterId when not complete, the {@code afterId} of that query: the id of the last message checked, or
 * the query's own when none was; null when complete
 */
public record Reconciliation(Instant from, Instant to, int checked, int found, int notCheckable,
        List<RecordCheck> problems, boolean complete, @Nullable Instant nextFrom, @Nullable Long nextAfterId) {

    /**
     * @param from the window's start (inclusive)
     * @param to the window's end (exclusive)
     * @param checked how many SENT messages were read back
     * @param found how many the broker holds as sent
     * @param notCheckable how many name no record the check can read
     * @param problems the messages missing or mismatched, in id order
     * @param complete false when only the first messages of the window were checked
     * @param nextFrom the {@code from} of the query that checks the rest, null when complete
     * @param nextAfterId the {@code afterId} of that query, null when complete
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
