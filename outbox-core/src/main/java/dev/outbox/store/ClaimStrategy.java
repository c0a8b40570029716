/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.store;

/**
 * How a dispatcher takes due rows so that no two instances send the same row at once. Both move
 * the row's lease forward and increment its {@code lock_version}.
 */
public enum ClaimStrategy {

    /**
     * Select due rows {@code FOR UPDATE SKIP LOCKED} in a short transaction, then lease them: other
     * instances pass over the locked rows instead of waiting or colliding. Needs MySQL 8, MariaDB
     * 10.6 or PostgreSQL; elsewhere the dispatcher falls back to {@link #OPTIMISTIC}.
     */
    SKIP_LOCKED,

    /**
     * Read candidates without locks, shuffle them, and lease each with an update guarded by its
     * lock version; rows another instance won are simply skipped.
     */
    OPTIMISTIC
}
