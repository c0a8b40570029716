/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.net.URI;
import java.util.Objects;

import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.ExchangeBuilder;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueInformation;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;

/**
 * The destinations of phase B's drains on a RabbitMQ server, each a durable exchange of the drain's topic bound for
 * every routing key to a durable queue of the same name, made, counted and deleted over a connection factory with
 * correlated publisher confirms and returns.
 */
final class RabbitQueues implements AutoCloseable {

    private final CachingConnectionFactory connections;

    private final RabbitAdmin admin;

    private final String exchangeType;

    private final String serverVersion;

    private RabbitQueues(CachingConnectionFactory connections, String exchangeType, String serverVersion) {
        this.connections = connections;
        this.admin = new RabbitAdmin(connections);
        this.exchangeType = exchangeType;
        this.serverVersion = serverVersion;
    }

    /**
     * @param url the server, {@code amqp://user:password@host:port}
     * @param exchangeType the type of the exchanges it makes, one of {@code ExchangeTypes}
     * @return the destinations, connected
     * @throws AmqpException when the server does not answer
     */
    static RabbitQueues connect(URI url, String exchangeType) {
        CachingConnectionFactory connections = new CachingConnectionFactory(url);
        connections.setPublisherConfirmType(CachingConnectionFactory.ConfirmType.CORRELATED);
        connections.setPublisherReturns(true);
        try {
            String version = Objects.toString(connections.createConnection().getDelegate().getServerProperties()
                    .get("version"), "?");
            return new RabbitQueues(connections, exchangeType, version);
        }
        catch (AmqpException ex) {
            connections.destroy();
            throw ex;
        }
    }

    /** @return the connection factory, with publisher confirms and returns */
    CachingConnectionFactory connections() {
        return this.connections;
    }

    /** @return the version the server reported */
    String serverVersion() {
        return this.serverVersion;
    }

    /**
     * @param name the exchange's and the queue's name
     */
    void create(String name) {
        this.admin.declareExchange(new ExchangeBuilder(name, this.exchangeType).durable(true).build());
        this.admin.declareQueue(new Queue(name, true));
        this.admin.declareBinding(new Binding(name, Binding.DestinationType.QUEUE, name, "#", null));
    }

    /**
     * @param name a queue of {@link #create}
     * @return how many messages it holds
     */
    long messages(String name) {
        QueueInformation queue = this.admin.getQueueInfo(name);
        return (queue != null) ? queue.getMessageCount() : 0;
    }

    /**
     * @param name the exchange and queue of {@link #create} to delete
     */
    void delete(String name) {
        this.admin.deleteQueue(name);
        this.admin.deleteExchange(name);
    }

    @Override
    public void close() {
        this.connections.destroy();
    }
}
