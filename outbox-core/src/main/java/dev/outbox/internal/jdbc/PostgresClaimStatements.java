/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.internal.sql.TableName;

/**
 * The claim on PostgreSQL.
 *
 * <p>A row is a head when its ordering key has no unsent (PENDING, FAILED or SUSPENDED) row with a smaller
 * id, checked per state (one line per state of {@link StateLists#UNSENT}). PostgreSQL keeps the index entries that rows leaving a state left behind until a vacuum, at the low
 * end of the state's range, where a dive for the key's lowest id would step over them for every row
 * checked; so the check asks, per state, for the next lower id, read backwards from the row: one step
 * for a row held back by the one before it. The scan after a position is a row comparison, which
 * bounds the due index scan (the OR form it only filters by, reading every row before the position).
 * The skip-locked claim selects, locks and leases in one {@code UPDATE … RETURNING}; confirmed rows are marked
 * SENT from two arrays ({@link SentUpdateByArrays}).
 */
final class PostgresClaimStatements extends ClaimStatements {

    private static final String WINDOW_AFTER = """
            SELECT m.id, m.ordering_key, m.next_retry_at AS due_at
            FROM local_message m
            WHERE m.state = :state AND m.next_retry_at <= :now
              AND (m.state = 'PENDING' OR m.failed_for_good = FALSE)
              /* scope */
              AND (m.next_retry_at, m.id) > (:afterDueAt, :afterId)
            ORDER BY m.next_retry_at, m.id
            LIMIT :limit""";

    private static final String ANY_DUE = """
            SELECT m.id
            FROM local_message m
            WHERE m.state = :state AND m.next_retry_at <= :now
              AND (m.state = 'PENDING' OR m.failed_for_good = FALSE)
              /* scope */
              AND (m.ordering_key IS NULL OR (
                (SELECT e.id FROM local_message e WHERE e.ordering_key = m.ordering_key AND e.state = :eachUnsentState AND e.id < m.id ORDER BY e.id DESC LIMIT 1) IS NULL
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
                (SELECT e.id FROM local_message e WHERE e.ordering_key = m.ordering_key AND e.state = :eachUnsentState AND e.id < m.id ORDER BY e.id DESC LIMIT 1) IS NULL
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
                (SELECT e.id FROM local_message e WHERE e.ordering_key = m.ordering_key AND e.state = :eachUnsentState AND e.id < m.id ORDER BY e.id DESC LIMIT 1) IS NULL
              ))
            ORDER BY m.next_retry_at, m.id
            LIMIT :limit""";

    private static final String CLAIM_DUE_HEADS = """
            WITH due AS (SELECT m.id, m.next_retry_at AS due_at
            FROM local_message m
            WHERE m.id IN (:candidates) AND m.state = :state AND m.next_retry_at <= :now
              AND (m.state = 'PENDING' OR m.failed_for_good = FALSE)
              AND (m.ordering_key IS NULL OR (
                (SELECT e.id FROM local_message e WHERE e.ordering_key = m.ordering_key AND e.state = :eachUnsentState AND e.id < m.id ORDER BY e.id DESC LIMIT 1) IS NULL
              ))
            ORDER BY m.next_retry_at, m.id
            LIMIT :limit
            FOR UPDATE SKIP LOCKED)
            UPDATE local_message m SET lock_version = m.lock_version + 1, next_retry_at = :leaseUntil, gmt_modified = :now
            FROM due WHERE m.id = due.id
            RETURNING m.id, m.lock_version, m.message_key, m.message_type, m.topic, m.ordering_key, m.headers,
                m.message_body, m.retry_count, m.state, m.gmt_create, due.due_at""";

    /** The hand-off's check: the PENDING rows going out with the checked ones do not hold them back. */
    private static final String WITH_NOTHING_EARLIER_UNSENT = """
            SELECT m.id
            FROM local_message m
            WHERE m.id IN (:ids)
              AND (m.ordering_key IS NULL OR (
                (SELECT e.id FROM local_message e WHERE e.ordering_key = m.ordering_key AND e.state = 'PENDING' AND e.id NOT IN (:sentAlong) AND e.id < m.id ORDER BY e.id DESC LIMIT 1) IS NULL
                AND (SELECT e.id FROM local_message e WHERE e.ordering_key = m.ordering_key AND e.state = :eachKeyHoldingState AND e.id < m.id ORDER BY e.id DESC LIMIT 1) IS NULL
              ))""";

    private final String lockDueHeads;

    private final String selectDueHeads;

    private final String claimDueHeads;

    private final String withNothingEarlierUnsent;

    private final SentUpdate markSent;

    PostgresClaimStatements(TableName table) {
        super(table, WINDOW_AFTER, ANY_DUE);
        this.lockDueHeads = forTable(LOCK_DUE_HEADS);
        this.selectDueHeads = forTable(SELECT_DUE_HEADS);
        this.claimDueHeads = forTable(CLAIM_DUE_HEADS);
        this.withNothingEarlierUnsent = forTable(WITH_NOTHING_EARLIER_UNSENT);
        this.markSent = new SentUpdateByArrays(table);
    }

    /** The two-step form of {@link #claimDueHeads}, which the claim does not need here. */
    @Override
    String lockDueHeads() {
        return this.lockDueHeads;
    }

    @Override
    String selectDueHeads() {
        return this.selectDueHeads;
    }

    @Override
    String claimDueHeads() {
        return this.claimDueHeads;
    }

    @Override
    String withNothingEarlierUnsent() {
        return this.withNothingEarlierUnsent;
    }

    @Override
    SentUpdate markSent() {
        return this.markSent;
    }
}
