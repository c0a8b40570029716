/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.net.InetSocketAddress;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.testcontainers.containers.GenericContainer;

/**
 * Finds a test server that clients reach by host and port: the URI in its variable; else the machine's server on
 * its loopback port when it accepts connections; else a Testcontainers server where Docker runs, started once per
 * JVM. There being none skips the test, or fails it when the server is required ({@link MissingServer}).
 */
final class PortServers {

    private static final Map<String, InetSocketAddress> CONTAINERS = new HashMap<>();

    private PortServers() {
    }

    /**
     * @param server the server's name in {@link MissingServer#REQUIRE_VARIABLE}
     * @param variable the variable whose URI names the server
     * @param port the server's port, on loopback and in the container
     * @param container the container to start where Docker runs, its port exposed
     * @return the server's address
     */
    static synchronized InetSocketAddress require(String server, String variable, int port,
            Supplier<GenericContainer<?>> container) {
        String url = System.getenv(variable);
        if (url != null && !url.isBlank()) {
            URI uri = URI.create(url.trim());
            return reachableOrSkip(server, variable, uri.getHost(), (uri.getPort() > 0) ? uri.getPort() : port);
        }
        if (TcpPorts.problemConnecting("127.0.0.1", port) == null) {
            return InetSocketAddress.createUnresolved("127.0.0.1", port);
        }
        if (ServerLocation.dockerAvailable()) {
            return CONTAINERS.computeIfAbsent(server, name -> {
                GenericContainer<?> started = container.get().withExposedPorts(port);
                started.start();
                return InetSocketAddress.createUnresolved(started.getHost(), started.getMappedPort(port));
            });
        }
        return reachableOrSkip(server, variable, "127.0.0.1", port);
    }

    private static InetSocketAddress reachableOrSkip(String server, String variable, String host, int port) {
        String problem = TcpPorts.problemConnecting(host, port);
        if (problem != null) {
            throw MissingServer.skipOrFail(server, "No " + server + " server at " + host + ":" + port + " (" + problem
                    + "): set " + variable + " to its URI, run it on its local port, or run Docker for "
                    + "Testcontainers");
        }
        return InetSocketAddress.createUnresolved(host, port);
    }
}
