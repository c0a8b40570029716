/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;
import java.util.Comparator;

/**
 * A position in the scan order of due rows: by due time, then id.
 *
 * @param dueAt the row's due time when it was claimed
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
