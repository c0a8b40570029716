/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.outbox.internal.sql.TableName;
import dev.outbox.schema.OutboxSchema;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;

/**
 * A database of its own for one test class, on a real server.
 *
 * <p>The server is found in this order: the JDBC URL in the environment variable
 * ({@code OUTBOX_TEST_MARIADB_URL}, {@code OUTBOX_TEST_POSTGRES_URL}; {@code .ci/run} sets both),
 * the server's conventional local address when it answers, then a Testcontainers container where
 * Docker runs; otherwise the test is skipped and the reason printed, or fails when the server is
 * required ({@link MissingServer}). Each test database is dropped and created anew, so classes run in any order.
 */
public final class TestDatabase implements AutoCloseable {

    /** The servers a test can ask for. */
    public enum Kind {

        /** MariaDB or MySQL. */
        MARIADB("OUTBOX_TEST_MARIADB_URL"),

        /** PostgreSQL. */
        POSTGRESQL("OUTBOX_TEST_POSTGRES_URL");

        private final String environmentVariable;

        Kind(String environmentVariable) {
            this.environmentVariable = environmentVariable;
        }

        /**
         * @return the variable that holds this server's JDBC URL
         */
        public String environmentVariable() {
            return this.environmentVariable;
        }
    }

    private final Kind kind;

    private final String jdbcUrl;

    private final String username;

    private final String password;

    private final List<HikariDataSource> pools = new ArrayList<>();

    private TestDatabase(Kind kind, String jdbcUrl, String username, String password) {
        this.kind = kind;
        this.jdbcUrl = jdbcUrl;
        this.username = username;
        this.password = password;
    }

    /**
     * Creates a fresh database (MariaDB) or schema (PostgreSQL) for one test class, or skips the
     * test when no server is available.
     *
     * @param kind the server
     * @param name a short name, unique per test class (letters, digits, underscores)
     * @return the database
     */
    public static TestDatabase create(Kind kind, String name) {
        ServerLocation server = ServerLocation.find(kind);
        if (server == null) {
            throw MissingServer.skipOrFail((kind == Kind.MARIADB) ? "mariadb" : "postgres", "No " + kind
                    + " for the outbox tests: set " + kind.environmentVariable() + " to a JDBC URL, run it on its "
                    + "local port, or run Docker for Testcontainers");
        }
        String database = databasePrefix() + name.toLowerCase(Locale.ROOT);
        new TableName(database);
        TestDatabase admin = new TestDatabase(kind, server.jdbcUrl(), server.username(), server.password());
        try (HikariDataSource adminPool = admin.pool(1, server.jdbcUrl());
                Connection connection = adminPool.getConnection();
                Statement statement = connection.createStatement()) {
            if (kind == Kind.MARIADB) {
                statement.execute("DROP DATABASE IF EXISTS " + database);
                statement.execute("CREATE DATABASE " + database + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
            }
            else {
                statement.execute("DROP SCHEMA IF EXISTS " + database + " CASCADE");
                statement.execute("CREATE SCHEMA " + database);
            }
        }
        catch (SQLException ex) {
            throw new IllegalStateException("Could not create test database " + database + " on " + kind, ex);
        }
        return new TestDatabase(kind, server.urlFor(database), server.username(), server.password());
    }

    /**
     * Two test runs on one server at once (two checkouts, say) each set their own
     * {@code OUTBOX_TEST_DATABASE_PREFIX}, so that neither drops the other's databases.
     */
    private static String databasePrefix() {
        String prefix = System.getenv("OUTBOX_TEST_DATABASE_PREFIX");
        return (prefix == null || prefix.isBlank()) ? "outbox_" : prefix.toLowerCase(Locale.ROOT);
    }

    /**
     * The same database reached through MySQL Connector/J instead of the MariaDB driver, to prove the
     * outbox works with both drivers' default settings.
     *
     * @return a view of this database with a {@code jdbc:mysql:} URL
     */
    public TestDatabase withMySqlDriver() {
        if (this.kind != Kind.MARIADB) {
            throw new IllegalStateException("only a MariaDB test database can be reached with MySQL's driver");
        }
        return new TestDatabase(this.kind, this.jdbcUrl.replaceFirst("^jdbc:mariadb:", "jdbc:mysql:"), this.username,
                this.password);
    }

    /**
     * @return which server this is
     */
    public Kind kind() {
        return this.kind;
    }

    /**
     * @return the JDBC URL of this test database
     */
    public String jdbcUrl() {
        return this.jdbcUrl;
    }

    /**
     * @return the {@code spring.datasource.*} properties that point a Spring Boot application at this database
     */
    public Map<String, String> springDataSource() {
        return springDataSource(this.jdbcUrl);
    }

    /**
     * @param url a URL of this database, for example through a relay
     * @return the {@code spring.datasource.*} properties that point a Spring Boot application at it; the user name
     * and password are empty where the URL names the user, which also overrides an application's own values
     */
    public Map<String, String> springDataSource(String url) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("spring.datasource.url", url);
        properties.put("spring.datasource.username", this.username);
        properties.put("spring.datasource.password", this.password);
        return properties;
    }

    /**
     * @return the user name
     */
    public String username() {
        return this.username;
    }

    /**
     * @return the password
     */
    public String password() {
        return this.password;
    }

    /**
     * A new connection pool, closed with this database: separate pools stand for separate instances.
     *
     * @param maximumSize the most connections
     * @return the pool
     */
    public DataSource newDataSource(int maximumSize) {
        HikariDataSource pool = pool(maximumSize, this.jdbcUrl);
        this.pools.add(pool);
        return pool;
    }

    /**
     * Applies the outbox migrations for the tables of their default names.
     */
    public void migrate() {
        // Flyway takes a second connection for its lock on PostgreSQL.
        OutboxSchema.migrate(OutboxStore.builder(newDataSource(2)).build());
    }

    /**
     * @param dataSource a pool of this database, from {@link #newDataSource}
     * @return an outbox store on it, with the tables of their default names
     */
    public OutboxStore store(DataSource dataSource) {
        return OutboxStore.builder(dataSource).databaseType(databaseType()).build();
    }

    /**
     * @return this database's type
     */
    public DatabaseType databaseType() {
        return (this.kind == Kind.MARIADB) ? DatabaseType.MYSQL : DatabaseType.POSTGRESQL;
    }

    /**
     * @return this database's dialect
     */
    public DatabaseType dialect() {
        return databaseType();
    }

    @Override
    public void close() {
        this.pools.forEach(HikariDataSource::close);
        this.pools.clear();
    }

    private HikariDataSource pool(int maximumSize, String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        if (!this.username.isEmpty()) {
            config.setUsername(this.username);
            config.setPassword(this.password);
        }
        config.setMaximumPoolSize(maximumSize);
        config.setMinimumIdle(0);
        config.setPoolName("test-" + this.kind.name().toLowerCase(Locale.ROOT) + "-" + this.pools.size());
        return new HikariDataSource(config);
    }
}
