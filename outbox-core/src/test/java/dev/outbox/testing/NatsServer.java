/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.net.InetSocketAddress;

import org.testcontainers.containers.GenericContainer;

/**
 * The NATS server of the tests, with JetStream: the URI in {@code OUTBOX_TEST_NATS_URL} ({@code nats://host:port});
 * else the machine's server on 127.0.0.1:4222 when it accepts connections; else a Testcontainers server where
 * Docker runs. A test that needs one is skipped, with the reason printed, when there is none, or fails when NATS is
 * required ({@link MissingServer}).
 *
 * @param host the host
 * @param port the port
 */
public record NatsServer(String host, int port) {

    /** The variable that names the server, as a {@code nats://} URI. */
    public static final String URL_VARIABLE = "OUTBOX_TEST_NATS_URL";

    /**
     * @return the server to test against; aborts the test when there is none
     */
    public static NatsServer require() {
        InetSocketAddress server = PortServers.require("nats", URL_VARIABLE, 4222,
                () -> new GenericContainer<>("nats:2-alpine").withCommand("-js"));
        return new NatsServer(server.getHostString(), server.getPort());
    }

    /**
     * @return the server's URL for the NATS client
     */
    public String url() {
        return "nats://" + this.host + ":" + this.port;
    }
}
