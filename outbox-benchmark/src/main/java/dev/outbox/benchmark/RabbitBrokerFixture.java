/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.net.URI;

import dev.outbox.spi.MessageSender;
import org.springframework.amqp.AmqpException;

/**
 * A sender to RabbitMQ at its address, where each drain's topic is a durable exchange bound to a durable queue of
 * its name ({@link RabbitQueues}). A subclass builds the sender, on the connection factory of those destinations or
 * on one of its own.
 */
abstract class RabbitBrokerFixture extends NetworkBrokerFixture {

    private final String exchangeType;

    private RabbitQueues queues;

    /**
     * @param url the server, {@code amqp://user:password@host:port}
     * @param exchangeType the type of the drains' exchanges, one of {@code ExchangeTypes}
     */
    RabbitBrokerFixture(URI url, String exchangeType) {
        super("RabbitMQ", url);
        this.exchangeType = exchangeType;
    }

    @Override
    public final MessageSender start() throws BrokerUnavailableException {
        try {
            this.queues = RabbitQueues.connect(url(), this.exchangeType);
        }
        catch (AmqpException ex) {
            throw unavailable(ex);
        }
        version(this.queues.serverVersion());
        return sender(this.queues);
    }

    /**
     * @param queues the drains' destinations, connected
     * @return the sender to the server
     */
    abstract MessageSender sender(RabbitQueues queues);

    /** Closes what {@link #sender} made, before the destinations' connections; also after a start that failed. */
    abstract void closeSender();

    @Override
    public final void createDestination(String topic) {
        this.queues.create(topic);
    }

    @Override
    public final long messagesAt(String topic) {
        return this.queues.messages(topic);
    }

    @Override
    public final void deleteDestination(String topic) {
        this.queues.delete(topic);
    }

    @Override
    public final void close() {
        closeSender();
        if (this.queues != null) {
            this.queues.close();
        }
    }
}
