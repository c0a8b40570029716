/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.net.InetSocketAddress;

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

    /**
     * @return the server to test against; aborts the test when there is none
     */
    public static RedisServer require() {
        InetSocketAddress server = PortServers.require("redis", URL_VARIABLE, 6379,
                () -> new GenericContainer<>("redis:7-alpine"));
        return new RedisServer(server.getHostString(), server.getPort());
    }
}
