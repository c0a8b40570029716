/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import javax.sql.DataSource;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The JDBC side of an {@link OutboxStore}: its database and table names, its statements, written once here
 * in the database's SQL, and the one JdbcTemplate, named-parameter template,
 * transaction manager and transaction templates that every repository of the store runs them through.
 */
public final class JdbcStore {

    private final String name;

    private final DataSource dataSource;

    private final DatabaseType dialect;

    private final TableName outboxTable;

    private final TableName inboxTable;

    private final TableName archiveTable;

    private final JdbcTemplate jdbc;

    private final ParsedOnceJdbcTemplate named;

    private final StatementSet statements;

    private final DataSourceTransactionManager transactionManager;

    private final TransactionTemplate writeTransaction;

    private final TransactionTemplate readCommittedTransaction;

    /**
     * @param name the store's name, which errors and metrics show
     * @param dataSource the data source the application's transactions use
     * @param dialect the store's database
     * @param outboxTable the outbox table
     * @param inboxTable the inbox table
     * @param archiveTable the table the cleanup archives to
     */
    public JdbcStore(String name, DataSource dataSource, DatabaseType dialect, TableName outboxTable, TableName inboxTable,
            TableName archiveTable) {
        this.name = name;
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.outboxTable = outboxTable;
        this.inboxTable = inboxTable;
        this.archiveTable = archiveTable;
        this.jdbc = new JdbcTemplate(dataSource);
        this.named = new ParsedOnceJdbcTemplate(this.jdbc);
        this.statements = StatementSet.of(dialect, outboxTable, inboxTable, archiveTable);
        this.transactionManager = new DataSourceTransactionManager(dataSource);
        this.writeTransaction = new TransactionTemplate(this.transactionManager);
        this.writeTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.readCommittedTransaction = new TransactionTemplate(this.transactionManager, this.writeTransaction);
        this.readCommittedTransaction.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
    }

    /**
     * @param store a store
     * @return its JDBC side: a part of the outbox built from the store runs its SQL through this, and
     * keeps it for its life
     */
    public static JdbcStore of(OutboxStore store) {
        return new JdbcStore(store.name(), store.dataSource(), store.databaseType(), new TableName(store.outboxTable()),
                new TableName(store.inboxTable()), new TableName(store.archiveTable()));
    }

    /**
     * @return the store's name
     */
    public String name() {
        return this.name;
    }

    /**
     * @return the data source the application's transactions use
     */
    public DataSource dataSource() {
        return this.dataSource;
    }

    /**
     * @return the store's database
     */
    public DatabaseType databaseType() {
        return this.dialect;
    }

    /**
     * @return the outbox table
     */
    public TableName outboxTable() {
        return this.outboxTable;
    }

    /**
     * @return the inbox table
     */
    public TableName inboxTable() {
        return this.inboxTable;
    }

    /**
     * @return the archive table
     */
    public TableName archiveTable() {
        return this.archiveTable;
    }

    /**
     * @return runs SQL on the data source, in the caller's transaction when there is one
     */
    public JdbcTemplate jdbc() {
        return this.jdbc;
    }

    /**
     * @return binds the store's statements by name and runs them through {@link #jdbc}
     */
    ParsedOnceJdbcTemplate named() {
        return this.named;
    }

    /**
     * @return the store's statements
     */
    StatementSet statements() {
        return this.statements;
    }

    /**
     * @return a transaction manager on the data source
     */
    public PlatformTransactionManager transactionManager() {
        return this.transactionManager;
    }

    /**
     * @return a short transaction of its own at the database's default isolation, for writes by
     * primary key, which lock only their rows under any isolation
     */
    public TransactionTemplate writeTransaction() {
        return this.writeTransaction;
    }

    /**
     * @return a short transaction of its own at READ COMMITTED, for claims and for changes of a batch
     * found by a range: on MySQL they then lock only the rows they take, not the gaps that a writer
     * would wait for
     */
    public TransactionTemplate readCommittedTransaction() {
        return this.readCommittedTransaction;
    }
}
