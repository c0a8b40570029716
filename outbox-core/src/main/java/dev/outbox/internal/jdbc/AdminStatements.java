/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;

/**
 * The operators' statements: counts, look-ups, the reconciliation's reads (the only ones that read the inbox
 * table too) and the guarded state changes of {@link AdminRepository},
 * each whole, with named parameters, written for the store's table once, at construction
 * ({@link StatementText}). Where the databases differ, each database's statement is written out and
 * chosen here: the update of a batch of FAILED rows, and the read after a missed update (a locking read
 * on MySQL, {@link StatementText#latestCommitted}).
 *
 * <p>A state change is guarded by the states the row may leave ({@code from}), bound from the change's
 * own set, and increments {@code lock_version}, so that the outcome of a send in flight, written only where
 * the version is still the one its claim set, is dropped. The skip of a sequenced message is three statements
 * in one transaction, on a row locked first ({@link AdminSkipRepository}).
 */
final class AdminStatements {

    private static final String COUNT_ALL = """
            SELECT state, COUNT(*) AS messages FROM local_message GROUP BY state""";

    /** The backlog's states, which the due index {@code (state, next_retry_at, id)} finds by range. */
    private static final String COUNT_BACKLOG = """
            SELECT state, COUNT(*) AS messages FROM local_message WHERE state IN (:unsentStates) GROUP BY state""";

    private static final String OLDEST_DUE = """
            SELECT next_retry_at FROM local_message
            WHERE state = 'PENDING' AND next_retry_at <= :now
            ORDER BY next_retry_at
            LIMIT 1""";

    /**
     * The lowest id of the PENDING range is read from the due index's entries (they carry the id); only that
     * one row is then looked up, for its creation time. {@code id + 0} keeps PostgreSQL from walking the
     * primary key from the oldest row until it meets a PENDING one, which reads the whole delivered history.
     */
    private static final String OLDEST_PENDING = """
            SELECT gmt_create FROM local_message
            WHERE id = (SELECT MIN(id + 0) FROM local_message WHERE state = 'PENDING')""";

    private static final String FIND_BY_ID = """
            SELECT * FROM local_message WHERE id = :id""";

    /** Rows after an id, in id order; {@link #page} leaves out the filters not asked for. */
    private static final String PAGE = """
            SELECT id, message_key, message_type, topic, ordering_key, state, retry_count, next_retry_at,
                last_retry_time, message_id, fail_reason, gmt_create, gmt_modified
            FROM local_message
            WHERE id > :afterId
              AND state = :state
              AND message_type = :type
            ORDER BY id
            LIMIT :limit""";

    /**
     * SENT rows a consumer group has not recorded in the inbox of the same database, by the message's key or its
     * outbox id (the two keys a consumer may consume by), each looked up in the inbox's unique key index.
     */
    private static final String UNCONSUMED = """
            SELECT id, message_key, message_type, topic, ordering_key, state, retry_count, next_retry_at,
                last_retry_time, message_id, fail_reason, gmt_create, gmt_modified
            FROM local_message
            WHERE id > :afterId
              AND state = 'SENT' AND next_retry_at <= :sentBefore
              AND NOT EXISTS (SELECT 1 FROM consumed_message
                  WHERE idempotency_key = local_message.message_key AND consumer_group = :consumerGroup%1$s)
              AND NOT EXISTS (SELECT 1 FROM consumed_message
                  WHERE idempotency_key = CONCAT(local_message.id, '') AND consumer_group = :consumerGroup%1$s)
            ORDER BY id
            LIMIT :limit""";

    /**
     * Ends each inbox lookup of {@link #UNCONSUMED} on PostgreSQL. Without it, the planner turns the NOT EXISTS
     * into an anti-join and, for a group it believes has few inbox rows (a new or misspelt group), reads the whole
     * inbox once to materialize them, since no index leads with the group. An OFFSET keeps each NOT EXISTS a
     * subplan: one probe of the inbox's unique key per outbox row, whatever the group.
     */
    private static final String ONE_PROBE_PER_ROW = " OFFSET 0";

    /**
     * The rows marked SENT in a window (their {@code next_retry_at}), after a row of it, in the due index's order
     * {@code (state, next_retry_at, id)}, so that each batch is a range of the index: ordered by id alone,
     * PostgreSQL would walk the primary key through the whole history instead.
     */
    private static final String SENT_BETWEEN = """
            SELECT id, message_key, message_type, topic, ordering_key, state, retry_count, next_retry_at,
                last_retry_time, message_id, fail_reason, gmt_create, gmt_modified
            FROM local_message
            WHERE state = 'SENT' AND next_retry_at >= :afterTime AND next_retry_at < :to
              AND (next_retry_at > :afterTime OR id > :afterId)
            ORDER BY next_retry_at, id
            LIMIT :limit""";

    private static final String BY_STATE = "\n  AND state = :state";

    private static final String BY_TYPE = "\n  AND message_type = :type";

    /** Due now, with a fresh retry budget. */
    private static final String RETRY = """
            UPDATE local_message SET state = 'PENDING', retry_count = 0, next_retry_at = :now, gmt_modified = :now,
                lock_version = lock_version + 1
            WHERE id = :id AND state IN (:from)""";

    private static final String SUSPEND = """
            UPDATE local_message SET state = 'SUSPENDED', gmt_modified = :now, lock_version = lock_version + 1
            WHERE id = :id AND state IN (:from)""";

    private static final String RESUME = """
            UPDATE local_message SET state = 'PENDING', next_retry_at = :now, gmt_modified = :now,
                lock_version = lock_version + 1
            WHERE id = :id AND state IN (:from)""";

    /**
     * The note goes before the last error, with the key the row had. MySQL assigns left to right, and a later
     * assignment sees the earlier ones: the reason must be written before the key is cleared.
     */
    private static final String SKIP = """
            UPDATE local_message SET state = 'SUSPENDED',
                fail_reason = CONCAT(:noteStart, ordering_key, :noteEnd, COALESCE(fail_reason, '')),
                ordering_key = NULL, gmt_modified = :now, lock_version = lock_version + 1
            WHERE id = :id AND ordering_key IS NOT NULL AND state IN (:from)""";

    /**
     * The skip of a sequenced message, step 1: the row, which goes on as the marker of the skipped number, gives
     * the message's unique key up to the row that keeps the message.
     */
    private static final String VACATE_KEY = """
            UPDATE local_message SET message_key = :markerKey, gmt_modified = :now, lock_version = lock_version + 1
            WHERE id = :id""";

    /** Step 2: the skipped message, kept as a new row, SUSPENDED and out of its ordering key. */
    private static final String INSERT_KEPT = """
            INSERT INTO local_message (gmt_create, gmt_modified, message_key, message_type, topic, message_body,
                headers, ordering_key, state, retry_count, next_retry_at, last_retry_time, fail_reason, lock_version)
            VALUES (:createdAt, :now, :key, :type, :topic, :body, :headers, NULL, 'SUSPENDED', :retryCount, :now,
                :lastAttemptAt, :failReason, 0)""";

    /** Step 3: the row, in its place in the key's order, becomes the marker, due now with a fresh retry budget. */
    private static final String MAKE_MARKER = """
            UPDATE local_message SET state = 'PENDING', message_body = :body, headers = :headers, retry_count = 0,
                next_retry_at = :now, message_id = NULL, fail_reason = :note, gmt_modified = :now
            WHERE id = :id""";

    /** MySQL and MariaDB limit the UPDATE itself; they do not allow LIMIT in an IN subquery. */
    private static final String RETRY_FAILED_BATCH_MYSQL = """
            UPDATE local_message SET state = 'PENDING', retry_count = 0, next_retry_at = :now, gmt_modified = :now,
                lock_version = lock_version + 1
            WHERE state = 'FAILED' AND message_type = :type
            ORDER BY id
            LIMIT :limit""";

    /**
     * PostgreSQL and H2 have no UPDATE … LIMIT: they update the ids a limited subquery selects, and check the
     * condition again, so that a row changed since the subquery read it is left alone.
     */
    private static final String RETRY_FAILED_BATCH = """
            UPDATE local_message SET state = 'PENDING', retry_count = 0, next_retry_at = :now, gmt_modified = :now,
                lock_version = lock_version + 1
            WHERE id IN (SELECT id FROM local_message WHERE state = 'FAILED' AND message_type = :type ORDER BY id LIMIT :limit)
              AND state = 'FAILED' AND message_type = :type""";

    final String countAll;

    final String countBacklog;

    final String oldestDue;

    final String oldestPending;

    final String findById;

    final String findCurrent;

    final String retry;

    final String suspend;

    final String resume;

    final String skip;

    final String lockById;

    final String vacateKey;

    final String insertKept;

    final String makeMarker;

    final String retryFailedBatch;

    final String unconsumed;

    final String sentBetween;

    /** The page by filter: neither, by type, by state, by both ({@link #page}). */
    private final String[] pages;

    AdminStatements(TableName table, TableName inboxTable, DatabaseType dialect) {
        this.countAll = StatementText.forOutbox(COUNT_ALL, table);
        this.countBacklog = StatementText.forOutbox(COUNT_BACKLOG, table);
        this.oldestDue = StatementText.forOutbox(OLDEST_DUE, table);
        this.oldestPending = StatementText.forOutbox(OLDEST_PENDING, table);
        this.findById = StatementText.forOutbox(FIND_BY_ID, table);
        this.findCurrent = StatementText.forOutbox(StatementText.latestCommitted(FIND_BY_ID, dialect), table);
        this.retry = StatementText.forOutbox(RETRY, table);
        this.suspend = StatementText.forOutbox(SUSPEND, table);
        this.resume = StatementText.forOutbox(RESUME, table);
        this.skip = StatementText.forOutbox(SKIP, table);
        this.lockById = StatementText.forOutbox(StatementText.locking(FIND_BY_ID), table);
        this.vacateKey = StatementText.forOutbox(VACATE_KEY, table);
        this.insertKept = StatementText.forOutbox(INSERT_KEPT, table);
        this.makeMarker = StatementText.forOutbox(MAKE_MARKER, table);
        this.retryFailedBatch = StatementText.forOutbox(switch (dialect) {
            case MYSQL -> RETRY_FAILED_BATCH_MYSQL;
            case POSTGRESQL, H2 -> RETRY_FAILED_BATCH;
        }, table);
        this.unconsumed = StatementText.forTable(StatementText.forOutbox(UNCONSUMED.formatted(switch (dialect) {
            case POSTGRESQL -> ONE_PROBE_PER_ROW;
            case MYSQL, H2 -> "";
        }), table), OutboxStore.DEFAULT_INBOX_TABLE, inboxTable);
        this.sentBetween = StatementText.forOutbox(SENT_BETWEEN, table);
        this.pages = new String[] {
                StatementText.forOutbox(PAGE.replace(BY_STATE, "").replace(BY_TYPE, ""), table),
                StatementText.forOutbox(PAGE.replace(BY_STATE, ""), table),
                StatementText.forOutbox(PAGE.replace(BY_TYPE, ""), table),
                StatementText.forOutbox(PAGE, table) };
    }

    /**
     * @param byState whether the page is filtered by state
     * @param byType whether the page is filtered by message type
     * @return a page of rows after an id, in id order, binding {@code afterId}, {@code state} and {@code type}
     * where filtered, and {@code limit}
     */
    String page(boolean byState, boolean byType) {
        return this.pages[(byState ? 2 : 0) + (byType ? 1 : 0)];
    }
}
