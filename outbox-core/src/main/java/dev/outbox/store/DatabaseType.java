/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.store;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import org.springframework.dao.DataAccessResourceFailureException;

/**
 * The databases the outbox runs on, as it tells them apart: how to detect one from a {@code DataSource}'s
 * metadata, whether it has {@code FOR UPDATE SKIP LOCKED}, and where its migrations live. An
 * {@link OutboxStore} detects its database unless one is chosen. The SQL itself is written out whole per
 * database in the outbox's statements.
 */
public enum DatabaseType {

    /** MySQL 8 and MariaDB 10.6+ (older versions work with the optimistic claim). */
    MYSQL("mysql") {
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
    POSTGRESQL("postgresql") {
        @Override
        boolean supportsSkipLocked(DatabaseMetaData metaData) {
            return true;
        }
    },

    /** H2 2.x, for embedded development; a duplicate key there fails only the statement. */
    H2("h2") {
        @Override
        boolean supportsSkipLocked(DatabaseMetaData metaData) {
            return false;
        }
    };

    private static final Pattern MARIADB_VERSION = Pattern.compile("(\\d+)\\.(\\d+)");


    private final String schemaFolder;

    DatabaseType(String schemaFolder) {
        this.schemaFolder = schemaFolder;
    }



    /**
     * @return the Flyway location of this database's migrations
     */
    public String schemaLocation() {
        return "classpath:db/outbox/" + this.schemaFolder;
    }

    abstract boolean supportsSkipLocked(DatabaseMetaData metaData) throws SQLException;

    /**
     * Detects the dialect of a data source from its metadata.
     *
     * @param dataSource the outbox's data source
     * @return its dialect
     * @throws IllegalStateException for a database the outbox does not support
     */
    public static DatabaseType detect(DataSource dataSource) {
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

    static DatabaseType fromProductName(String productName) {
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
