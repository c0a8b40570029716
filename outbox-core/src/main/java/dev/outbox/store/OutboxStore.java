/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.store;

import java.util.List;

import javax.sql.DataSource;

import dev.outbox.internal.sql.TableName;
import dev.outbox.settings.Setting;
import dev.outbox.settings.SettingSource;
import org.jspecify.annotations.Nullable;

/**
 * Where an outbox keeps its messages: a {@link DataSource}, its database and the names of the
 * outbox, inbox and archive tables. Every part of the outbox starts from one:
 *
 * <pre>{@code
 * OutboxStore store = OutboxStore.builder(dataSource).build();
 * OutboxTemplate outbox = OutboxTemplate.builder(store).build();
 * Dispatcher dispatcher = Dispatcher.builder(store, MessageRoutes.to(sender)).build();
 * }</pre>
 *
 * <p>Each table name is checked when it is set, the names against each other and the database when the store is
 * built; nothing is checked again. The store is a value: each part built from it runs its SQL on the store's data
 * source, written for the store's database and tables.
 */
public final class OutboxStore {

    /** The name of a store when none is given. */
    public static final String DEFAULT_NAME = "default";

    /** The outbox table's name when none is given. */
    public static final String DEFAULT_OUTBOX_TABLE = TableName.DEFAULT_OUTBOX_TABLE;

    /** The inbox table's name when none is given. */
    public static final String DEFAULT_INBOX_TABLE = "consumed_message";

    /** The archive table's name when none is given: where the cleanup may copy the rows it deletes. */
    public static final String DEFAULT_ARCHIVE_TABLE = "local_message_archive";

    private static final String TABLE_RULE = "a plain SQL identifier (letters, digits and underscores, starting "
            + "with a letter or underscore, at most 48 characters) that is no reserved word of SQL, and none of the "
            + "store's other table names.";

    /** The outbox table's name, {@value #DEFAULT_OUTBOX_TABLE} by default. */
    public static final Setting<String> OUTBOX_TABLE = Setting.of("", "table-name", DEFAULT_OUTBOX_TABLE,
            OutboxStore::tableNameProblem, "Name of the outbox table: " + TABLE_RULE);

    /** The inbox table's name, {@value #DEFAULT_INBOX_TABLE} by default. */
    public static final Setting<String> INBOX_TABLE = Setting.of("inbox", "table-name", DEFAULT_INBOX_TABLE,
            OutboxStore::tableNameProblem, "Name of the inbox table, where consumers record the messages they "
                    + "consumed: " + TABLE_RULE);

    /** The archive table's name, {@value #DEFAULT_ARCHIVE_TABLE} by default. */
    public static final Setting<String> ARCHIVE_TABLE = Setting.of("cleanup.archive", "table-name",
            DEFAULT_ARCHIVE_TABLE, OutboxStore::tableNameProblem, "Name of the archive table, which the outbox's "
                    + "migrations create whether archiving is on or not: " + TABLE_RULE);

    /** Every setting of the store: its three table names. */
    public static final List<Setting<?>> SETTINGS = List.of(OUTBOX_TABLE, INBOX_TABLE, ARCHIVE_TABLE);

    private final String name;

    private final DatabaseType databaseType;

    private final DataSource dataSource;

    private final TableName outboxTable;

    private final TableName inboxTable;

    private final TableName archiveTable;

    private OutboxStore(Builder builder) {
        this.name = builder.name;
        this.dataSource = builder.dataSource;
        this.databaseType = (builder.databaseType != null) ? builder.databaseType
                : DatabaseType.detect(builder.dataSource);
        this.outboxTable = builder.outboxTable;
        this.inboxTable = builder.inboxTable;
        this.archiveTable = builder.archiveTable;
    }

    private static @Nullable String tableNameProblem(String name) {
        String problem = TableName.problem(name);
        return (problem != null) ? "is invalid: " + problem : null;
    }

    /**
     * @param dataSource the data source of the application's transactions, in whose database the
     * outbox tables are
     * @return a builder of a store with the default name and tables
     */
    public static Builder builder(DataSource dataSource) {
        return new Builder(dataSource);
    }

    /**
     * @return the store's name, {@value #DEFAULT_NAME} unless one was given
     */
    public String name() {
        return this.name;
    }

    /**
     * @return the data source; saves must run in a transaction on it
     */
    public DataSource dataSource() {
        return this.dataSource;
    }

    /**
     * @return the database, as chosen or detected
     */
    public DatabaseType databaseType() {
        return this.databaseType;
    }

    /**
     * @return the outbox table's name
     */
    public String outboxTable() {
        return this.outboxTable.value();
    }

    /**
     * @return the inbox table's name
     */
    public String inboxTable() {
        return this.inboxTable.value();
    }

    /**
     * @return the archive table's name
     */
    public String archiveTable() {
        return this.archiveTable.value();
    }

    /**
     * @return the name of the table of idempotency keys, {@code <outbox table>_idempotency}
     * ({@link dev.outbox.idempotency.IdempotencyKeys})
     */
    public String idempotencyTable() {
        return this.outboxTable.idempotencyTable();
    }

    @Override
    public String toString() {
        return "OutboxStore '" + this.name + "' (" + this.databaseType + ", tables " + outboxTable() + ", "
                + inboxTable() + ", " + archiveTable() + ")";
    }

    /**
     * Builds an {@link OutboxStore}.
     */
    public static final class Builder {

        private final DataSource dataSource;

        private String name = DEFAULT_NAME;

        private @Nullable DatabaseType databaseType;

        private TableName outboxTable = new TableName(DEFAULT_OUTBOX_TABLE);

        private TableName inboxTable = new TableName(DEFAULT_INBOX_TABLE);

        private TableName archiveTable = new TableName(DEFAULT_ARCHIVE_TABLE);

        private Builder(DataSource dataSource) {
            this.dataSource = dataSource;
        }

        /**
         * @param name what tells this store from an application's others, in its metrics and health
         * @return this builder
         * @throws IllegalArgumentException when the name is blank
         */
        public Builder name(String name) {
            if (name.isBlank()) {
                throw new IllegalArgumentException("the store name must not be blank");
            }
            this.name = name;
            return this;
        }

        /**
         * @param databaseType the database, so that building the store does not connect to detect it
         * @return this builder
         */
        public Builder databaseType(DatabaseType databaseType) {
            this.databaseType = databaseType;
            return this;
        }

        /**
         * @param name the outbox table's name, {@value OutboxStore#DEFAULT_OUTBOX_TABLE} by default
         * @return this builder
         * @throws dev.outbox.settings.SettingException when the name is not a plain SQL identifier of at most 48
         * characters, or is a reserved word
         */
        public Builder outboxTable(String name) {
            OUTBOX_TABLE.check(name);
            this.outboxTable = new TableName(name);
            return this;
        }

        /**
         * @param name the inbox table's name, {@value OutboxStore#DEFAULT_INBOX_TABLE} by default
         * @return this builder
         * @throws dev.outbox.settings.SettingException when the name is not a plain SQL identifier of at most 48
         * characters, or is a reserved word
         */
        public Builder inboxTable(String name) {
            INBOX_TABLE.check(name);
            this.inboxTable = new TableName(name);
            return this;
        }

        /**
         * @param name the archive table's name, {@value OutboxStore#DEFAULT_ARCHIVE_TABLE} by default
         * @return this builder
         * @throws dev.outbox.settings.SettingException when the name is not a plain SQL identifier of at most 48
         * characters, or is a reserved word
         */
        public Builder archiveTable(String name) {
            ARCHIVE_TABLE.check(name);
            this.archiveTable = new TableName(name);
            return this;
        }

        /**
         * @param source where the store's {@link OutboxStore#SETTINGS} (its table names) are read from; those it
         * does not have are left as they are
         * @return this builder
         * @throws dev.outbox.settings.SettingException naming the table whose name is not a plain SQL identifier
         */
        public Builder settings(SettingSource source) {
            source.find(OUTBOX_TABLE).ifPresent(this::outboxTable);
            source.find(INBOX_TABLE).ifPresent(this::inboxTable);
            source.find(ARCHIVE_TABLE).ifPresent(this::archiveTable);
            return this;
        }

        /**
         * Checks that the store's tables have names of their own, then detects the database from the data source's
         * metadata, unless it was chosen.
         *
         * @return the store
         * @throws dev.outbox.settings.SettingException naming a table setting when two of the store's tables would
         * have one name: an archive table named like the outbox table, or an inbox table named like the outbox's
         * {@code <table>_sequence} or {@code <table>_switch}
         * @throws IllegalStateException when the database is not one the outbox supports
         */
        public OutboxStore build() {
            new StoreTables(this.outboxTable, this.inboxTable, this.archiveTable).requireDistinct();
            return new OutboxStore(this);
        }
    }
}
