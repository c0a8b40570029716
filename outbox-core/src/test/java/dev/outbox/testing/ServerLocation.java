package dev.outbox.testing;

import java.net.URI;

import org.jspecify.annotations.Nullable;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.JdbcDatabaseContainer;
import org.testcontainers.mysql.MySQLContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Where a test database server is: from the environment, or a container started once per JVM.
 *
 * @param jdbcUrl a JDBC URL of the server (any database on it)
 * @param username the user
 * @param password the password
 */
record ServerLocation(String jdbcUrl, String username, String password) {

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
