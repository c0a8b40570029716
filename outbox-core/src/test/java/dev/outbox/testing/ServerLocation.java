/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

import org.jspecify.annotations.Nullable;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.JdbcDatabaseContainer;
import org.testcontainers.mysql.MySQLContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Where a test database server is: the JDBC URL in the environment, else the server's conventional
 * local address when a connection to it succeeds (MariaDB on 127.0.0.1:3306 as root, PostgreSQL on
 * 127.0.0.1:5432 as postgres), else a container started once per JVM where Docker runs.
 *
 * @param jdbcUrl a JDBC URL of the server (any database on it)
 * @param username the user
 * @param password the password
 */
record ServerLocation(String jdbcUrl, String username, String password) {

    /** MariaDB or MySQL at its conventional local address, as root without a password. */
    private static final String LOCAL_MARIADB = "jdbc:mariadb://127.0.0.1:3306/?user=root";

    /** PostgreSQL at its conventional local address, as postgres, in the database every server has. */
    private static final String LOCAL_POSTGRES = "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres";

    private static @Nullable ServerLocation mariaDbContainer;

    private static @Nullable ServerLocation postgresContainer;

    /**
     * @return the JDBC URL of another database (MariaDB) or schema (PostgreSQL) on the server
     */
    String urlFor(String database) {
        String prefix = "jdbc:";
        URI uri = URI.create(this.jdbcUrl.substring(prefix.length()));
        String query = (uri.getRawQuery() != null) ? uri.getRawQuery() : "";
        String authority = uri.getRawAuthority();
        if (this.jdbcUrl.startsWith("jdbc:postgresql:")) {
            String separator = query.isEmpty() ? "" : "&";
            return prefix + uri.getScheme() + "://" + authority + uri.getRawPath() + "?" + query + separator
                    + "currentSchema=" + database;
        }
        return prefix + uri.getScheme() + "://" + authority + "/" + database + (query.isEmpty() ? "" : "?" + query);
    }

    static synchronized @Nullable ServerLocation find(TestDatabase.Kind kind) {
        String url = System.getenv(kind.environmentVariable());
        if (url != null && !url.isBlank()) {
            return fromUrl(url);
        }
        String local = (kind == TestDatabase.Kind.MARIADB) ? LOCAL_MARIADB : LOCAL_POSTGRES;
        if (answers(local)) {
            return new ServerLocation(local, "", "");
        }
        if (!dockerAvailable()) {
            return null;
        }
        if (kind == TestDatabase.Kind.MARIADB) {
            if (mariaDbContainer == null) {
                mariaDbContainer = start(new MySQLContainer("mysql:8.4").withUsername("root").withPassword("test"));
            }
            return mariaDbContainer;
        }
        if (postgresContainer == null) {
            postgresContainer = start(new PostgreSQLContainer("postgres:15-alpine"));
        }
        return postgresContainer;
    }

    private static boolean answers(String url) {
        DriverManager.setLoginTimeout(2);
        try (Connection connection = DriverManager.getConnection(url)) {
            return connection.isValid(2);
        }
        catch (SQLException ex) {
            return false;
        }
    }

    private static ServerLocation fromUrl(String url) {
        return new ServerLocation(url, envOr("OUTBOX_TEST_USER", ""), envOr("OUTBOX_TEST_PASSWORD", ""));
    }

    private static ServerLocation start(JdbcDatabaseContainer<?> container) {
        container.start();
        return new ServerLocation(container.getJdbcUrl(), container.getUsername(), container.getPassword());
    }

    static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        }
        catch (RuntimeException | LinkageError ex) {
            return false;
        }
    }

    private static String envOr(String name, String fallback) {
        String value = System.getenv(name);
        return (value != null) ? value : fallback;
    }
}
