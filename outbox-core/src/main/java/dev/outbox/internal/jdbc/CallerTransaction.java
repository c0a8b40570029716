/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The check that a write joins the caller's transaction, shared by the outbox and the inbox: both
 * must commit or roll back with the business data, so neither ever opens a transaction of its own.
 */
public final class CallerTransaction {

    private CallerTransaction() {
    }

    /**
     * Fails unless a writable transaction holds a connection of the data source.
     *
     * @param store the store the write goes to, through its data source
     * @param operation what was called, for the message, for example {@code outbox.save(...)}
     * @param written what the write stores, for the message, for example {@code the message}
     * @throws IllegalTransactionStateException when no transaction is active, it is read-only, or
     * it does not manage the store's data source
     */
    public static void require(JdbcStore store, String operation, String written) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalTransactionStateException(operation + " needs an active transaction, and none is "
                    + "active: call it from a @Transactional method or a TransactionTemplate, so that " + written
                    + " commits or rolls back with your business data (the outbox never opens a transaction itself)");
        }
        if (TransactionSynchronizationManager.isCurrentTransactionReadOnly()) {
            throw new IllegalTransactionStateException(operation + " was called in a read-only transaction");
        }
        if (!TransactionSynchronizationManager.hasResource(store.dataSource())) {
            throw new IllegalTransactionStateException(operation + " was called in a transaction that does not "
                    + "manage the outbox's DataSource (outbox store '" + store.name() + "'), so " + written
                    + " would not commit with it; run it in a transaction of that store's DataSource, through its "
                    + "transaction manager");
        }
    }
}
