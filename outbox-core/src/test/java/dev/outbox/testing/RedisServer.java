/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.net.URI;

import org.jspecify.annotations.Nullable;
import org.testcontainers.containers.GenericContainer;

/**
 * The Redis server of the tests: the URI in {@code OUTBOX_TEST_REDIS_URL} ({@code redis://host:port}); else the
 * machine's server on 127.0.0.1:6379 when it accepts connections; else a Testcontainers server where Docker runs.
 * A test that needs one is skipped, with the reason printed, when there is none, or fails when Redis is required
 * ({@link MissingServer}).
 *
 * @param host the host
 * @param port the port
 */
public record RedisServer(String host, int port) {

    /** The variable that names the server, as a {@code redis://} URI. */
    public static final String URL_VARIABLE = "OUTBOX_TEST_REDIS_URL";

    private static final RedisServer LOOPBACK = new RedisServer("127.0.0.1", 6379);

    private static @Nullable RedisServer container;

    /**
     * @return the server to test against; aborts the test when there is none
     */
    public static synchronized RedisServer require() {
        String url = System.getenv(URL_VARIABLE);
        if (url != null && !url.isBlank()) {
            URI uri = URI.create(url.trim());
            return reachableOrSkip(new RedisServer(uri.getHost(), (uri.getPort() > 0) ? uri.getPort() : 6379));
        }
        if (LOOPBACK.reachable() == null) {
            return LOOPBACK;
        }
        if (ServerLocation.dockerAvailable()) {
            if (container == null) {
                GenericContainer<?> redis = new GenericContainer<>("redis:7-alpine").withExposedPorts(6379);
                redis.start();
                container = new RedisServer(redis.getHost(), redis.getMappedPort(6379));
            }
            return container;
        }
        return reachableOrSkip(LOOPBACK);
    }

    private static RedisServer reachableOrSkip(RedisServer server) {
        String problem = server.reachable();
        if (problem != null) {
            throw MissingServer.skipOrFail("redis", "No Redis at " + server.host + ":" + server.port + " (" + problem
                    + "): set " + URL_VARIABLE + " to a redis:// URI of a running Redis, run it on its local port, "
                    + "or run Docker for Testcontainers");
        }
        return server;
    }

    /** Null when the server's port accepts a connection, else what went wrong. */
    private @Nullable String reachable() {
        return TcpPorts.problemConnecting(this.host, this.port);
    }
}
