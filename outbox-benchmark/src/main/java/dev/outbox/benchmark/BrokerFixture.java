/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import dev.outbox.spi.MessageSender;

/**
 * A broker that phase B drains through: its server, started in the benchmark's JVM or reached at its address; the
 * broker module's sender, built from the plain core as an application without Spring Boot builds it; and the
 * destinations the drains deliver to, each made for one drain and deleted after it. A further broker is one more
 * implementation, listed in {@link BrokerFixtures}.
 */
interface BrokerFixture extends AutoCloseable {

    /**
     * Starts the server in this JVM, or connects to it, and builds the sender.
     *
     * @return the broker module's sender
     * @throws BrokerUnavailableException when the server does not answer, saying where and why
     */
    MessageSender start() throws Exception;

    /**
     * @return the server's product, version and place, for the report: "RabbitMQ 3.12.1 at 127.0.0.1:5672"
     */
    String server();

    /**
     * @return how the sender and its destinations are set up, for the report: what a message waits for before it
     * counts as sent
     */
    String setup();

    /**
     * Makes a destination on the server that keeps every message the sender sends to the topic.
     *
     * @param topic the messages' topic, a name of letters, digits and hyphens that nothing else uses
     */
    void createDestination(String topic) throws Exception;

    /**
     * @param topic a topic of {@link #createDestination}
     * @return how many messages its destination holds, read from the server
     */
    long messagesAt(String topic) throws Exception;

    /**
     * Deletes the destination and the messages it holds.
     *
     * @param topic a topic of {@link #createDestination}
     */
    void deleteDestination(String topic) throws Exception;

    /**
     * Closes the connections, and stops a server started in this JVM; also after a {@link #start} that failed.
     */
    @Override
    void close();
}
