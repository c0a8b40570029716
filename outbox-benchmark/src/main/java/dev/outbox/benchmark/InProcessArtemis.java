/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;

/**
 * An ActiveMQ Artemis broker in the benchmark's JVM, the broker Spring Boot embeds, that keeps its messages in a
 * journal on disk (Artemis's default journal: asynchronous I/O where libaio is there, else NIO) and listens on a
 * loopback port of its own, so that a client reaches it over TCP as it reaches a broker on another host. Security is
 * off; its queues are made and deleted by the benchmark.
 */
final class InProcessArtemis implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";

    private final Path data;

    private final int port;

    private final EmbeddedActiveMQ server;

    private InProcessArtemis(Path data, int port, EmbeddedActiveMQ server) {
        this.data = data;
        this.port = port;
        this.server = server;
    }

    /**
     * @return a started broker
     */
    static InProcessArtemis start() throws Exception {
        Path data = Files.createTempDirectory("outbox-benchmark-artemis");
        int port = freePort();
        Configuration configuration = new ConfigurationImpl().setName("outbox-benchmark")
                .setPersistenceEnabled(true).setSecurityEnabled(false).setJMXManagementEnabled(false)
                .setJournalDirectory(data.resolve("journal").toString())
                .setBindingsDirectory(data.resolve("bindings").toString())
                .setPagingDirectory(data.resolve("paging").toString())
                .setLargeMessagesDirectory(data.resolve("large").toString())
                .addAcceptorConfiguration("tcp", "tcp://" + LOOPBACK + ":" + port);
        EmbeddedActiveMQ server = new EmbeddedActiveMQ().setConfiguration(configuration);
        try {
            server.start();
        }
        catch (Exception | Error ex) {
            Directories.deleteRecursively(data);
            throw ex;
        }
        return new InProcessArtemis(data, port, server);
    }

    /**
     * @return the URL its clients connect to, {@code tcp://127.0.0.1:port}
     */
    String url() {
        return "tcp://" + LOOPBACK + ":" + this.port;
    }

    /**
     * @return "2.43.0, journal ASYNCIO" and the like
     */
    String description() {
        ActiveMQServer broker = this.server.getActiveMQServer();
        return broker.getVersion().getFullVersion() + ", journal " + broker.getConfiguration().getJournalType();
    }

    /**
     * Makes an anycast address and a durable queue of one name, the queue a JMS client sends to by that name.
     *
     * @param name the queue's name
     */
    void createQueue(String name) throws Exception {
        ActiveMQServer broker = this.server.getActiveMQServer();
        broker.addAddressInfo(new AddressInfo(name).addRoutingType(RoutingType.ANYCAST));
        broker.createQueue(QueueConfiguration.of(name).setAddress(name).setRoutingType(RoutingType.ANYCAST)
                .setDurable(true).setAutoCreateAddress(false));
    }

    /**
     * @param name a queue of {@link #createQueue}
     * @return how many messages it holds
     */
    long messages(String name) {
        Queue queue = this.server.getActiveMQServer().locateQueue(name);
        return (queue != null) ? queue.getMessageCount() : 0;
    }

    /**
     * Deletes a queue of {@link #createQueue}, its messages and its address.
     *
     * @param name the queue's name
     */
    void deleteQueue(String name) throws Exception {
        SimpleString queue = SimpleString.of(name);
        this.server.getActiveMQServer().destroyQueue(queue, null, false, true);
        this.server.getActiveMQServer().removeAddressInfo(queue, null, true);
    }

    /**
     * Stops the broker and deletes its journal.
     */
    @Override
    public void close() {
        try {
            this.server.stop();
        }
        catch (Exception ex) {
            throw new IllegalStateException("ActiveMQ Artemis did not stop", ex);
        }
        finally {
            Directories.deleteRecursively(this.data);
        }
    }

    /** @return a loopback port that nothing listens on, for now */
    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return socket.getLocalPort();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
