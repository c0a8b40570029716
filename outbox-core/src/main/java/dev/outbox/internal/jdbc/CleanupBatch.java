/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import org.jspecify.annotations.Nullable;

/**
 * What one batch of the cleanup did, in one short transaction.
 *
 * @param selected how many old rows the batch found (at most its limit)
 * @param deleted how many of them it deleted; fewer when some changed state or were deleted meanwhile
 * @param archived how many it copied to the archive table (0 unless archiving)
 * @param last the position of the last row found, where the next batch of the state continues; null
 * when none was found
 */
public record CleanupBatch(int selected, int deleted, int archived, @Nullable DuePosition last) {

    /**
     * @param limit the batch's limit
     * @return whether the batch found as many rows as it could take, so that more may be left
     */
    public boolean full(int limit) {
        return this.selected >= limit;
    }
}
