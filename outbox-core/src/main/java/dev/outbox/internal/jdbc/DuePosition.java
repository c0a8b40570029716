/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;
import java.util.Comparator;

/**
 * A position in a scan of one state's rows in the due index {@code (state, next_retry_at, id)}: by due time,
 * then id. The claim's window continues after one, and so does the cleanup's next batch.
 *
 * @param dueAt the row's {@code next_retry_at} when it was read: its due time, or for a row in a final state
 * the time it reached it
 * @param id the row's id
 */
public record DuePosition(Instant dueAt, long id) implements Comparable<DuePosition> {

    private static final Comparator<DuePosition> SCAN_ORDER = Comparator.comparing(DuePosition::dueAt)
            .thenComparingLong(DuePosition::id);

    @Override
    public int compareTo(DuePosition other) {
        return SCAN_ORDER.compare(this, other);
    }
}
