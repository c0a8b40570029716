/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.internal.sql.TableName;
import org.jspecify.annotations.Nullable;

/**
 * The claim on MySQL and MariaDB, and on H2.
 *
 * <p>A row is a head when its ordering key has no unsent (PENDING, FAILED or SUSPENDED) row with a smaller
 * id. The check asks, per state (one line per state of {@link StateLists#UNSENT}), for the key's lowest id in
 * that state: one dive into the index
 * {@code (ordering_key, state, id)}, as purge soon clears the entries that rows leaving the state left
 * behind. (A {@code NOT EXISTS (... e.id < m.id)} is read by MariaDB through the key alone, stepping
 * over every row of the key, SENT ones included.) The scan after a position is written in the OR form,
 * which these databases turn into bounds of the due index scan (the plan tests check it).
 */
final class MySqlClaimStatements extends ClaimStatements {

    private static final String WINDOW_AFTER = """
            SELECT m.id, m.ordering_key, m.next_retry_at AS due_at
            FROM local_message m
            WHERE m.state = :state AND m.next_retry_at <= :now
              AND (m.state = 'PENDING' OR m.failed_for_good = FALSE)
              /* scope */
              AND (m.next_retry_at > :afterDueAt OR (m.next_retry_at = :afterDueAt AND m.id > :afterId))
            ORDER BY m.next_retry_at, m.id
            LIMIT :limit""";

    private static final String ANY_DUE = """
            SELECT m.id
            FROM local_message m
            WHERE m.state = :state AND m.next_retry_at <= :now
              AND (m.state = 'PENDING' OR m.failed_for_good = FALSE)
              /* scope */
              AND (m.ordering_key IS NULL OR (
                COALESCE((SELECT e.id FROM local_message e WHERE e.ordering_key = m.ordering_key AND e.state = :eachUnsentState ORDER BY e.id LIMIT 1), m.id) >= m.id
              ))
            ORDER BY m.next_retry_at, m.id
            LIMIT :limit""";

    private static final String LOCK_DUE_HEADS = """
            SELECT m.id, m.lock_version, m.message_key, m.message_type, m.topic, m.ordering_key, m.headers,
                m.message_body, m.retry_count, m.state, m.gmt_create, m.next_retry_at AS due_at
            FROM local_message m
            WHERE m.id IN (:candidates) AND m.state = :state AND m.next_retry_at <= :now
              AND (m.state = 'PENDING' OR m.failed_for_good = FALSE)
              AND (m.ordering_key IS NULL OR (
                COALESCE((SELECT e.id FROM local_message e WHERE e.ordering_key = m.ordering_key AND e.state = :eachUnsentState ORDER BY e.id LIMIT 1), m.id) >= m.id
              ))
            ORDER BY m.next_retry_at, m.id
            LIMIT :limit
            FOR UPDATE SKIP LOCKED""";

    private static final String SELECT_DUE_HEADS = """
            SELECT m.id, m.lock_version
            FROM local_message m
            WHERE m.id IN (:candidates) AND m.state = :state AND m.next_retry_at <= :now
              AND (m.state = 'PENDING' OR m.failed_for_good = FALSE)
              AND (m.ordering_key IS NULL OR (
                COALESCE((SELECT e.id FROM local_message e WHERE e.ordering_key = m.ordering_key AND e.state = :eachUnsentState ORDER BY e.id LIMIT 1), m.id) >= m.id
              ))
            ORDER BY m.next_retry_at, m.id
            LIMIT :limit""";

    /** The hand-off's check: the PENDING rows going out with the checked ones do not hold them back. */
    private static final String WITH_NOTHING_EARLIER_UNSENT = """
            SELECT m.id
            FROM local_message m
            WHERE m.id IN (:ids)
              AND (m.ordering_key IS NULL OR (
                COALESCE((SELECT e.id FROM local_message e WHERE e.ordering_key = m.ordering_key AND e.state = 'PENDING' AND e.id NOT IN (:sentAlong) ORDER BY e.id LIMIT 1), m.id) >= m.id
                AND COALESCE((SELECT e.id FROM local_message e WHERE e.ordering_key = m.ordering_key AND e.state = :eachKeyHoldingState ORDER BY e.id LIMIT 1), m.id) >= m.id
              ))""";

    private final String lockDueHeads;

    private final String selectDueHeads;

    private final String withNothingEarlierUnsent;

    private final SentUpdate markSent;

    MySqlClaimStatements(TableName table) {
        super(table, WINDOW_AFTER, ANY_DUE);
        this.lockDueHeads = forTable(LOCK_DUE_HEADS);
        this.selectDueHeads = forTable(SELECT_DUE_HEADS);
        this.withNothingEarlierUnsent = forTable(WITH_NOTHING_EARLIER_UNSENT);
        this.markSent = new SentUpdateByCase(table);
    }

    @Override
    String lockDueHeads() {
        return this.lockDueHeads;
    }

    @Override
    String selectDueHeads() {
        return this.selectDueHeads;
    }

    @Override
    String withNothingEarlierUnsent() {
        return this.withNothingEarlierUnsent;
    }

    /** MySQL has no {@code UPDATE … RETURNING}: the claim locks, then leases. */
    @Override
    @Nullable String claimDueHeads() {
        return null;
    }

    @Override
    SentUpdate markSent() {
        return this.markSent;
    }
}
