/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import dev.outbox.DatabaseType;
import org.springframework.dao.DataAccessResourceFailureException;

/**
 * What differs between the supported databases, and nothing else: how to insert unless the key
 * exists, whether {@code FOR UPDATE SKIP LOCKED} is there, and where the schema lives.
 */
public enum DatabaseDialect {

    /** MySQL 8 and MariaDB 10.6+ (older versions work with the optimistic claim). */
    MYSQL(DatabaseType.MYSQL, "mysql", " ON DUPLICATE KEY UPDATE id = id", " FOR UPDATE") {
        @Override
        boolean supportsSkipLocked(DatabaseMetaData metaData) throws SQLException {
            String version = metaData.getDatabaseProductVersion();
            if (version.toLowerCase(Locale.ROOT).contains("mariadb")
                    || metaData.getDatabaseProductName().equalsIgnoreCase("MariaDB")) {
                // MySQL's driver sees MariaDB as "5.5.5-10.11.6-MariaDB": the real version follows the prefix.
                Matcher real = MARIADB_VERSION.matcher(version.startsWith("5.5.5-") ? version.substring(6) : version);
                return real.lookingAt() && atLeast(Integer.parseInt(real.group(1)), Integer.parseInt(real.group(2)), 10, 6);
            }
            return atLeast(metaData.getDatabaseMajorVersion(), metaData.getDatabaseMinorVersion(), 8, 0);
        }
    },

    /** PostgreSQL 12+. */
    POSTGRESQL(DatabaseType.POSTGRESQL, "postgresql", " ON CONFLICT (%s) DO NOTHING", "") {
        @Override
        boolean supportsSkipLocked(DatabaseMetaData metaData) {
            return true;
        }
    },

    /** H2 2.x, for embedded development; a duplicate key there fails only the statement. */
    H2(DatabaseType.H2, "h2", "", "") {
        @Override
        boolean supportsSkipLocked(DatabaseMetaData metaData) {
            return false;
        }
    };

    private static final Pattern MARIADB_VERSION = Pattern.compile("(\\d+)\\.(\\d+)");

    private final DatabaseType type;

    private final String schemaFolder;

    private final String insertConflictClause;

    private final String duplicateLookupLock;

    DatabaseDialect(DatabaseType type, String schemaFolder, String insertConflictClause, String duplicateLookupLock) {
        this.type = type;
        this.schemaFolder = schemaFolder;
        this.insertConflictClause = insertConflictClause;
        this.duplicateLookupLock = duplicateLookupLock;
    }

    /**
     * @param type a database
     * @return its dialect
     */
    public static DatabaseDialect of(DatabaseType type) {
        return switch (type) {
            case MYSQL -> MYSQL;
            case POSTGRESQL -> POSTGRESQL;
            case H2 -> H2;
        };
    }

    /**
     * @return the database this dialect speaks to
     */
    public DatabaseType type() {
        return this.type;
    }

    /**
     * @return the Flyway location of this database's migrations
     */
    public String schemaLocation() {
        return "classpath:db/outbox/" + this.schemaFolder;
    }

    /**
     * @param uniqueColumns the columns of the unique key that makes a row a duplicate, comma-separated
     * @return what follows the INSERT so that a duplicate key is a no-op, empty where the
     * database cannot say it and the duplicate key error is handled instead
     */
    String insertConflictClause(String uniqueColumns) {
        return this.insertConflictClause.formatted(uniqueColumns);
    }

    /**
     * @return what follows the look-up of a duplicate's id: on MySQL a plain read under REPEATABLE READ
     * sees the transaction's snapshot, which may predate the duplicate's commit; a locking read sees
     * it (the insert already holds that row's lock, so it waits for nothing)
     */
    String duplicateLookupLock() {
        return this.duplicateLookupLock;
    }

    abstract boolean supportsSkipLocked(DatabaseMetaData metaData) throws SQLException;

    /**
     * The per-key ordering check for one state, on the index {@code (ordering_key, state, id)}. A
     * {@code NOT EXISTS (... e.id < m.id)} is read by MariaDB through the key alone, stepping over every
     * row of the key, SENT ones included. MySQL and MariaDB are asked for the key's lowest id in the
     * state, one dive, as their purge soon clears the index entries that rows leaving the state left
     * behind. PostgreSQL keeps those entries until a vacuum, at the low end of the state's range where
     * that dive would step over them for every row checked, so it is asked for the next lower id in
     * the state, read backwards from the row: one step for a row held back by the one before it.
     *
     * @param table the table, whose rows are {@code e} in the check and {@code m} the row checked
     * @param state the state
     * @param filter a further condition on the rows {@code e}, or empty
     * @return the condition that no row of {@code m}'s ordering key in the state has a smaller id
     */
    String noEarlierRowInState(String table, String state, String filter) {
        String rows = "SELECT e.id FROM %1$s e WHERE e.ordering_key = m.ordering_key AND e.state = '%2$s'%3$s"
                .formatted(table, state, filter);
        return (this == POSTGRESQL) ? "(" + rows + " AND e.id < m.id ORDER BY e.id DESC LIMIT 1) IS NULL"
                : "COALESCE((" + rows + " ORDER BY e.id LIMIT 1), m.id) >= m.id";
    }

    /**
     * @param timeColumn the time column, the second column of an index that ends with the id
     * @param idColumn the id column
     * @return the condition that continues an index scan after a (time, id) position, in the form each
     * database turns into bounds of the index scan (checked by EXPLAIN in the plan tests): PostgreSQL a
     * row comparison (the OR form it only filters by, reading every row before the position), MySQL and
     * MariaDB the OR form
     */
    String rowsAfter(String timeColumn, String idColumn) {
        return (this == POSTGRESQL) ? "(%1$s, %2$s) > (?, ?)".formatted(timeColumn, idColumn)
                : "(%1$s > ? OR (%1$s = ? AND %2$s > ?))".formatted(timeColumn, idColumn);
    }

    /**
     * @param time the position's time
     * @param id the position's id
     * @return the arguments of {@link #rowsAfter}
     */
    List<Object> rowsAfterArguments(Instant time, long id) {
        LocalDateTime column = Timestamps.toColumn(time);
        return (this == POSTGRESQL) ? List.of(column, id) : List.of(column, column, id);
    }

    /**
     * @param table the table
     * @param timeColumn the time column, indexed, whose oldest rows go first
     * @return a delete of at most as many rows as the second argument, of those whose time is before the
     * first: MySQL and MariaDB limit the DELETE itself, which they do not allow in an IN subquery; the
     * others delete the ids a limited subquery selects
     */
    String deleteOldest(String table, String timeColumn) {
        return (this == MYSQL) ? "DELETE FROM %1$s WHERE %2$s < ? ORDER BY %2$s LIMIT ?".formatted(table, timeColumn)
                : "DELETE FROM %1$s WHERE id IN (SELECT id FROM %1$s WHERE %2$s < ? ORDER BY %2$s LIMIT ?)"
                        .formatted(table, timeColumn);
    }

    /**
     * @param table the table
     * @param set the assignments
     * @param where the condition of the rows to update
     * @return an update of at most a limit of the rows that match the condition, the lowest ids first: MySQL
     * and MariaDB limit the UPDATE itself, which they do not allow in an IN subquery; the others update
     * the ids a limited subquery selects and check the condition again, so that a row changed since the
     * subquery read it is left alone
     * @see #updateLowestIdsArguments
     */
    String updateLowestIds(String table, String set, String where) {
        return (this == MYSQL) ? "UPDATE %1$s SET %2$s WHERE %3$s ORDER BY id LIMIT ?".formatted(table, set, where)
                : "UPDATE %1$s SET %2$s WHERE id IN (SELECT id FROM %1$s WHERE %3$s ORDER BY id LIMIT ?) AND %3$s"
                        .formatted(table, set, where);
    }

    /**
     * @param set the arguments of the assignments
     * @param where the arguments of the condition
     * @param limit the most rows to update
     * @return the arguments of {@link #updateLowestIds}
     */
    List<Object> updateLowestIdsArguments(List<Object> set, List<Object> where, int limit) {
        List<Object> arguments = new ArrayList<>(set);
        arguments.addAll(where);
        arguments.add(limit);
        if (this != MYSQL) {
            arguments.addAll(where);
        }
        return arguments;
    }

    /**
     * Detects the dialect of a data source from its metadata.
     *
     * @param dataSource the outbox's data source
     * @return its dialect
     * @throws IllegalStateException for a database the outbox does not support
     */
    public static DatabaseDialect detect(DataSource dataSource) {
        return withMetaData(dataSource, metaData -> fromProductName(metaData.getDatabaseProductName()));
    }

    /**
     * Whether this database, at its running version, can claim with {@code FOR UPDATE SKIP LOCKED}.
     *
     * @param dataSource the outbox's data source
     * @return true when SKIP LOCKED is available
     */
    public boolean supportsSkipLocked(DataSource dataSource) {
        return withMetaData(dataSource, this::supportsSkipLocked);
    }

    static DatabaseDialect fromProductName(String productName) {
        String name = productName.toLowerCase(Locale.ROOT);
        if (name.contains("mysql") || name.contains("mariadb")) {
            return MYSQL;
        }
        if (name.contains("postgresql")) {
            return POSTGRESQL;
        }
        if (name.equals("h2")) {
            return H2;
        }
        throw new IllegalStateException("The outbox does not support the database '" + productName
                + "'; supported are MySQL, MariaDB, PostgreSQL and H2");
    }

    private static boolean atLeast(int actualMajor, int actualMinor, int major, int minor) {
        return actualMajor > major || (actualMajor == major && actualMinor >= minor);
    }

    private static <T> T withMetaData(DataSource dataSource, MetaDataCallback<T> callback) {
        try (Connection connection = dataSource.getConnection()) {
            return callback.apply(connection.getMetaData());
        }
        catch (SQLException ex) {
            throw new DataAccessResourceFailureException("Could not read the outbox database's metadata", ex);
        }
    }

    @FunctionalInterface
    private interface MetaDataCallback<T> {
        T apply(DatabaseMetaData metaData) throws SQLException;
    }
}
