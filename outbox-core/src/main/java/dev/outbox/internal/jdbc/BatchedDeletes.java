/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Deletes a table's rows older than a cutoff with a limited delete ({@code :cutoff}, {@code :limit}), a batch per
 * short transaction, until a batch comes back short: the inbox's keys and the idempotency keys.
 */
final class BatchedDeletes {

    private BatchedDeletes() {
    }

    /**
     * @param transaction the short transaction each batch runs in
     * @param jdbc where to run the delete
     * @param delete the limited delete, with the parameters {@code :cutoff} and {@code :limit}
     * @param cutoff rows older than it are deleted
     * @param batchSize the most rows one transaction deletes
     * @return how many rows were deleted
     */
    static long olderThan(TransactionTemplate transaction, NamedParameterJdbcTemplate jdbc, String delete,
            Instant cutoff, int batchSize) {
        MapSqlParameterSource parameters = new MapSqlParameterSource()
                .addValue("cutoff", Timestamps.toColumn(cutoff))
                .addValue("limit", batchSize);
        long deleted = 0;
        int batch;
        do {
            batch = transaction.execute(status -> jdbc.update(delete, parameters));
            deleted += batch;
        }
        while (batch == batchSize);
        return deleted;
    }
}
