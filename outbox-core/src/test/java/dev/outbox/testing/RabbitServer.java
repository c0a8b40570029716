/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;
import org.testcontainers.rabbitmq.RabbitMQContainer;

/**
 * The RabbitMQ server of the tests: the AMQP URI in {@code OUTBOX_TEST_RABBIT_URL}; else the
 * machine's broker on 127.0.0.1:5672 as guest/guest when it accepts connections; else a
 * Testcontainers broker where Docker runs. A test that needs one is skipped, with the reason
 * printed, when there is none, or fails when RabbitMQ is required ({@link MissingServer}).
 *
 * @param host the host
 * @param port the AMQP port
 * @param username the user
 * @param password the password
 * @param virtualHost the virtual host
 */
public record RabbitServer(String host, int port, String username, String password, String virtualHost) {

    /** The variable that names the broker, as an AMQP URI. */
    public static final String URL_VARIABLE = "OUTBOX_TEST_RABBIT_URL";

    private static final String LOOPBACK_URL = "amqp://guest:guest@127.0.0.1:5672";

    private static @Nullable RabbitServer container;

    /**
     * @return the broker to test against; aborts the test when there is none
     */
    public static synchronized RabbitServer require() {
        String url = System.getenv(URL_VARIABLE);
        if (url != null && !url.isBlank()) {
            return reachableOrSkip(parse(url.trim()));
        }
        RabbitServer local = parse(LOOPBACK_URL);
        if (local.reachable() == null) {
            return local;
        }
        if (ServerLocation.dockerAvailable()) {
            if (container == null) {
                RabbitMQContainer broker = new RabbitMQContainer("rabbitmq:4.1-alpine");
                broker.start();
                container = new RabbitServer(broker.getHost(), broker.getAmqpPort(), broker.getAdminUsername(),
                        broker.getAdminPassword(), "/");
            }
            return container;
        }
        return reachableOrSkip(local);
    }

    private static RabbitServer reachableOrSkip(RabbitServer server) {
        String problem = server.reachable();
        if (problem != null) {
            throw MissingServer.skipOrFail("rabbitmq", "No RabbitMQ at " + server.host + ":" + server.port + " ("
                    + problem + "): set " + URL_VARIABLE + " to an AMQP URI of a running RabbitMQ, run it on its "
                    + "local port, or run Docker for Testcontainers");
        }
        return server;
    }

    /** Null when the server's port accepts a connection, else what went wrong. */
    private @Nullable String reachable() {
        return TcpPorts.problemConnecting(this.host, this.port);
    }

    private static RabbitServer parse(String url) {
        URI uri = URI.create(url.contains("://") ? url : "amqp://" + url);
        String userInfo = (uri.getRawUserInfo() != null) ? uri.getRawUserInfo() : "guest:guest";
        String[] credentials = userInfo.split(":", 2);
        String path = (uri.getRawPath() != null && uri.getRawPath().length() > 1) ? uri.getRawPath().substring(1) : "/";
        return new RabbitServer(uri.getHost(), (uri.getPort() > 0) ? uri.getPort() : 5672, decode(credentials[0]),
                decode((credentials.length > 1) ? credentials[1] : ""), decode(path));
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }
}
