/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.TransactionTimedOutException;

/**
 * Tells a failure that trying again later can cure (the database cannot be reached, a connection was
 * lost, a lock or a pool timed out) from one that it cannot (bad SQL, a constraint, a bug).
 *
 * <p>The whole cause chain is read, because one lost connection surfaces under several wrappers: a
 * transaction that could not begin, a statement that failed, a plain {@code SQLException} with SQLState
 * class 08 (connection exception) where the driver did not choose a subclass, or a commit or rollback
 * that failed ({@code TransactionSystemException}). The last often says nothing more: when a commit
 * fails on a lost connection, Spring rolls back, finds HikariCP's closed connection ("Connection is
 * closed", no SQLState) and throws that, logging the commit's exception only.
 */
final class DatabaseOutage {

    private static final Set<Class<? extends Throwable>> TRANSIENT = Set.of(
            CannotCreateTransactionException.class, TransactionSystemException.class,
            TransactionTimedOutException.class, DataAccessResourceFailureException.class,
            TransientDataAccessException.class, RecoverableDataAccessException.class,
            SQLTransientException.class, SQLRecoverableException.class, SQLNonTransientConnectionException.class);

    private DatabaseOutage() {
    }

    /**
     * @param failure what a request failed with
     * @return whether it, or one of its causes, says the database is unavailable for now
     */
    static boolean causedBy(Throwable failure) {
        @Nullable Throwable current = failure;
        // Bounded, because a cause chain can loop.
        for (int depth = 0; current != null && depth < 32; depth++) {
            if (isTransient(current)) {
                return true;
            }
            current = current.getCause();
        }
        return false;
    }

    private static boolean isTransient(Throwable failure) {
        for (Class<? extends Throwable> type : TRANSIENT) {
            if (type.isInstance(failure)) {
                return true;
            }
        }
        return failure instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08");
    }
}
