/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.actuate;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.outbox.admin.ActionRule;
import dev.outbox.admin.OutboxSnapshot;
import org.jspecify.annotations.Nullable;

/**
 * The endpoint's overview: the counts of every state, how late the oldest due message is and how long
 * the oldest PENDING message has waited.
 *
 * @param store the name of the store these are the figures of
 * @param stores the names of every store of the application, this one included
 * @param counts the number of messages of each state, in the order of {@link dev.outbox.message.MessageState}
 * @param oldestDueAt the due time of the oldest due message, or null when none is due
 * @param oldestDueAge how long it has been due, as an ISO-8601 duration ({@code PT0S} when none is due)
 * @param oldestPendingSince when the oldest PENDING message was saved, or null when none is PENDING
 * @param oldestPendingAge how long it has waited, as an ISO-8601 duration ({@code PT0S} when none is PENDING)
 * @param takenAt when the counts were read
 * @param actions which messages each operator action of one message applies to, by the action's name in the
 * endpoint's paths (retry, suspend, resume, resend, skip)
 */
public record OutboxOverview(String store, List<String> stores, Map<String, Long> counts, @Nullable Instant oldestDueAt, String oldestDueAge,
        @Nullable Instant oldestPendingSince, String oldestPendingAge, Instant takenAt, Map<String, ActionRule> actions) {

    static OutboxOverview of(String store, List<String> stores, OutboxSnapshot snapshot) {
        Map<String, Long> counts = new LinkedHashMap<>();
        snapshot.counts().forEach((state, count) -> counts.put(state.name(), count));
        return new OutboxOverview(store, stores, counts, snapshot.oldestDueAt(), snapshot.oldestDueAge().toString(),
                snapshot.oldestPendingSince(), snapshot.oldestPendingAge().toString(), snapshot.takenAt(),
                ActionRule.ofEachAction());
    }
}
