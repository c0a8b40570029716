/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.guard;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import javax.sql.DataSource;

import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.internal.sql.SqlIdentifier;
import dev.outbox.store.OutboxStore;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Applies a message's data to a row of the consumer's own table only if the message's version is
 * newer than the row's, so that messages arriving out of order or twice never overwrite newer data.
 *
 * <pre>{@code
 * StaleUpdateGuard products = StaleUpdateGuard.builder(store)
 *         .table("product_view").keyColumn("product_id").versionColumn("version")
 *         .columns("name", "price")
 *         .build();
 *
 * boolean applied = products.applyIfNewer(event.productId(), event.version(),
 *         Map.of("name", event.name(), "price", event.price()));
 * }</pre>
 *
 * <p>A key's first message inserts its row; a later one updates it only if its version is greater
 * than the stored one. An equal version is stale: a redelivered message is not applied twice. The
 * check and the write are one atomic step, never a read followed by a write, so concurrent appliers
 * always leave the greatest version stored: on PostgreSQL one
 * {@code INSERT ... ON CONFLICT (key) DO UPDATE ... WHERE stored.version < EXCLUDED.version}; on
 * MySQL, MariaDB and H2 an {@code UPDATE ... WHERE key = ? AND version < ?}, then, if no row
 * matched, an {@code INSERT}, and if a concurrent applier inserted the key first (a duplicate key,
 * which these databases report without aborting the transaction) the guarded update once more.
 *
 * <p>The key column must be the table's primary key or unique. The version is either a
 * {@code long} (the outbox message id, a producer's version number) in a {@code BIGINT} column, or
 * an {@link Instant} stored as a UTC {@code DATETIME}/{@code TIMESTAMP} without time zone, compared at
 * the column's precision: two versions equal at that precision count as the same version.
 *
 * <p>Statements run in the caller's transaction on the data source if there is one, so the update
 * commits or rolls back with the consumer's other work; otherwise each runs on its own. On MySQL and
 * MariaDB at REPEATABLE READ (their default), inside a transaction, an update that finds no row locks
 * the gap where the key would be until the commit, so two transactions inserting the first rows of
 * keys in the same gap can deadlock: the database rolls one back and its message is retried. Consumers
 * that create many rows concurrently should run their transactions at READ COMMITTED, or call the guard
 * outside a transaction. There, three appliers inserting one new key at once can still deadlock on the
 * duplicate's shared locks; that rolls back only the one statement, and the guard tries again. Table and column names are checked to be plain identifiers when set; values are
 * always bound, never written into the SQL.
 */
public final class StaleUpdateGuard {

    /** How often an applier outside a transaction tries again after its statement lost a deadlock. */
    private static final int MAX_ATTEMPTS_OUTSIDE_A_TRANSACTION = 5;

    private final DataSource dataSource;

    private final JdbcTemplate jdbc;

    private final GuardSql sql;

    private final List<String> columns;

    private StaleUpdateGuard(Builder builder, String table, String keyColumn, String versionColumn) {
        this.dataSource = builder.store.dataSource();
        this.jdbc = builder.store.jdbc();
        this.columns = List.copyOf(builder.columns);
        this.sql = GuardSql.of(builder.store.databaseType(), table, keyColumn, versionColumn, this.columns);
    }

    /**
     * @param store the store whose database holds the consumer's table; the guard writes through its
     * data source
     * @return a builder of a guard
     */
    public static Builder builder(OutboxStore store) {
        return new Builder(store);
    }

    /**
     * Writes the values and the version to the key's row if the version is greater than the stored
     * one, or inserts the row if the key has none.
     *
     * @param key the row's key
     * @param version the message's version
     * @param values a value for each configured column, by column name (values may be null)
     * @return true if the row was inserted or updated; false if the stored version is the same or newer
     * @throws IllegalArgumentException when the values do not name exactly the configured columns
     */
    public boolean applyIfNewer(Object key, long version, Map<String, ? extends @Nullable Object> values) {
        return apply(key, version, values);
    }

    /**
     * Like {@link #applyIfNewer(Object, long, Map)}, for a version that is a time, such as the
     * producer's modification time.
     *
     * @param key the row's key
     * @param version the message's version, stored in UTC
     * @param values a value for each configured column, by column name (values may be null)
     * @return true if the row was inserted or updated; false if the stored version is the same or newer
     * @throws IllegalArgumentException when the values do not name exactly the configured columns
     */
    public boolean applyIfNewer(Object key, Instant version, Map<String, ? extends @Nullable Object> values) {
        return apply(key, LocalDateTime.ofInstant(version, ZoneOffset.UTC), values);
    }

    private boolean apply(Object key, Object version, Map<String, ? extends @Nullable Object> values) {
        Objects.requireNonNull(key, "key");
        List<@Nullable Object> columnValues = columnValues(values);
        List<@Nullable Object> insertArguments = new ArrayList<>(columnValues.size() + 2);
        insertArguments.add(key);
        insertArguments.add(version);
        insertArguments.addAll(columnValues);
        String upsert = this.sql.upsert();
        if (upsert != null) {
            return this.jdbc.update(upsert, insertArguments.toArray()) == 1;
        }
        List<@Nullable Object> updateArguments = new ArrayList<>(columnValues);
        updateArguments.add(version);
        updateArguments.add(key);
        updateArguments.add(version);
        for (int attempt = 1;; attempt++) {
            try {
                return updateOrInsert(insertArguments, updateArguments);
            }
            catch (PessimisticLockingFailureException ex) {
                // Three appliers inserting one new key at once can deadlock on InnoDB's shared locks of the
                // duplicate. Outside a transaction the deadlock rolled back only the one statement, so the
                // guard tries again; inside one, the caller's transaction is gone and its message is redelivered.
                if (attempt == MAX_ATTEMPTS_OUTSIDE_A_TRANSACTION
                        || TransactionSynchronizationManager.getResource(this.dataSource) != null) {
                    throw ex;
                }
            }
        }
    }

    private boolean updateOrInsert(List<@Nullable Object> insertArguments, List<@Nullable Object> updateArguments) {
        // An applied update always changes the version, so "found" and "changed" row counts agree.
        if (this.jdbc.update(this.sql.update(), updateArguments.toArray()) == 1) {
            return true;
        }
        try {
            return this.jdbc.update(this.sql.insert(), insertArguments.toArray()) == 1;
        }
        catch (DuplicateKeyException ex) {
            // Stale, or another applier inserted the key after our update found nothing: its version decides.
            return this.jdbc.update(this.sql.update(), updateArguments.toArray()) == 1;
        }
    }

    private List<@Nullable Object> columnValues(Map<String, ? extends @Nullable Object> values) {
        if (!values.keySet().equals(Set.copyOf(this.columns))) {
            throw new IllegalArgumentException("the values must name exactly the guard's columns " + this.columns
                    + ", but named " + values.keySet());
        }
        List<@Nullable Object> ordered = new ArrayList<>(this.columns.size());
        this.columns.forEach(column -> ordered.add(values.get(column)));
        return ordered;
    }

    /**
     * Builds a {@link StaleUpdateGuard}; every name is checked to be a plain SQL identifier when set.
     */
    public static final class Builder {

        private final JdbcStore store;

        private @Nullable String table;

        private @Nullable String keyColumn;

        private @Nullable String versionColumn;

        private final Set<String> columns = new LinkedHashSet<>();

        private Builder(OutboxStore store) {
            this.store = JdbcStore.of(store);
        }

        /**
         * @param table the consumer's table
         * @return this builder
         */
        public Builder table(String table) {
            this.table = identifier("table", table);
            return this;
        }

        /**
         * @param keyColumn the column that identifies a row: the primary key or a unique column
         * @return this builder
         */
        public Builder keyColumn(String keyColumn) {
            this.keyColumn = identifier("key column", keyColumn);
            return this;
        }

        /**
         * @param versionColumn the column holding the version of the data in the row
         * @return this builder
         */
        public Builder versionColumn(String versionColumn) {
            this.versionColumn = identifier("version column", versionColumn);
            return this;
        }

        /**
         * @param columns the columns a message sets, besides the key and the version
         * @return this builder
         */
        public Builder columns(String... columns) {
            for (String column : columns) {
                if (!this.columns.add(identifier("column", column))) {
                    throw new IllegalArgumentException("column '" + column + "' is given twice");
                }
            }
            return this;
        }

        /**
         * @return the guard
         * @throws IllegalStateException when the table, key column or version column is missing, or a
         * column is also the key or version column
         */
        public StaleUpdateGuard build() {
            String table = required("table", this.table);
            String key = required("keyColumn", this.keyColumn);
            String version = required("versionColumn", this.versionColumn);
            if (key.equalsIgnoreCase(version)) {
                throw new IllegalStateException("the key column and the version column must differ, both are '"
                        + key + "'");
            }
            for (String column : this.columns) {
                if (column.equalsIgnoreCase(key) || column.equalsIgnoreCase(version)) {
                    throw new IllegalStateException("column '" + column
                            + "' is the key or version column; list only the other columns a message sets");
                }
            }
            return new StaleUpdateGuard(this, table, key, version);
        }

        private static String identifier(String what, String name) {
            return SqlIdentifier.require("stale-update guard " + what, name, SqlIdentifier.MAX_LENGTH);
        }

        private static String required(String property, @Nullable String value) {
            if (value == null) {
                throw new IllegalStateException("the stale-update guard needs " + property + "(...)");
            }
            return value;
        }
    }
}
