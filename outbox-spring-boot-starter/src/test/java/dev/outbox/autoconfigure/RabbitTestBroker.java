/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.net.URI;

import dev.outbox.testing.CuttableLink;
import dev.outbox.testing.RabbitServer;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;

/**
 * The RabbitMQ server of the tests (see {@link RabbitServer}), as Spring Boot properties, a
 * connection factory of the test's own, and a relay to it that a test can cut.
 *
 * @param server where the broker runs
 */
record RabbitTestBroker(RabbitServer server) {

    /**
     * @return the broker; aborts the test when there is none
     */
    static RabbitTestBroker require() {
        return new RabbitTestBroker(RabbitServer.require());
    }

    String host() {
        return this.server.host();
    }

    int port() {
        return this.server.port();
    }

    /**
     * @param port the port to connect to, this broker's or another
     * @return Spring Boot's properties for this broker, with the confirms and returns the sender needs
     */
    String[] springProperties(int port) {
        return springProperties(this.server.host(), port);
    }

    /**
     * @return a relay to this broker that a test can cut, as when the broker goes away mid-connection
     */
    CuttableLink cuttableLink() {
        return CuttableLink.to(linkUrl());
    }

    /**
     * @param link a relay to this broker
     * @return Spring Boot's properties for this broker reached through the relay
     */
    String[] springPropertiesThrough(CuttableLink link) {
        URI relay = relay(link);
        return springProperties(relay.getHost(), relay.getPort());
    }

    /**
     * @param link a relay to this broker
     * @return a connection factory to this broker through the relay, with the confirms and returns the sender needs
     */
    CachingConnectionFactory senderConnectionFactoryThrough(CuttableLink link) {
        URI relay = relay(link);
        CachingConnectionFactory connectionFactory = connectionFactory(relay.getHost(), relay.getPort());
        connectionFactory.setPublisherConfirmType(CachingConnectionFactory.ConfirmType.CORRELATED);
        connectionFactory.setPublisherReturns(true);
        return connectionFactory;
    }

    private URI relay(CuttableLink link) {
        return URI.create(link.urlThrough(linkUrl()).substring("jdbc:".length()));
    }

    /** The broker's address as {@link CuttableLink} takes it: a JDBC-style URL, whose host and port are all it reads. */
    private String linkUrl() {
        return "jdbc:amqp://" + this.server.host() + ":" + this.server.port() + "/";
    }

    private String[] springProperties(String host, int port) {
        return new String[] { "spring.rabbitmq.host=" + host, "spring.rabbitmq.port=" + port,
            "spring.rabbitmq.username=" + this.server.username(), "spring.rabbitmq.password=" + this.server.password(),
            "spring.rabbitmq.virtual-host=" + this.server.virtualHost(), "spring.rabbitmq.publisher-confirm-type=correlated",
            "spring.rabbitmq.publisher-returns=true" };
    }

    /**
     * @return a connection factory of the test's own, to declare and read queues with
     */
    CachingConnectionFactory connectionFactory() {
        return connectionFactory(this.server.host(), this.server.port());
    }

    private CachingConnectionFactory connectionFactory(String host, int port) {
        CachingConnectionFactory connectionFactory = new CachingConnectionFactory(host, port);
        connectionFactory.setUsername(this.server.username());
        connectionFactory.setPassword(this.server.password());
        connectionFactory.setVirtualHost(this.server.virtualHost());
        return connectionFactory;
    }
}
