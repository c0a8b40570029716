/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.net.URI;
import java.util.Objects;

import dev.outbox.sender.rabbit.RabbitMessageSender;
import dev.outbox.spi.MessageSender;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.FanoutExchange;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueInformation;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.connection.Connection;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * RabbitMQ at its address, and the RabbitMQ sender over a mandatory {@link RabbitTemplate} with correlated
 * publisher confirms and returns, as the sender requires. Each drain's topic is a durable fanout exchange bound to
 * one durable queue of the server's default type, so a persistent message is confirmed once the queue has it.
 */
final class RabbitMqFixture extends NetworkBrokerFixture {

    private CachingConnectionFactory connections;

    private RabbitAdmin admin;

    /**
     * @param url the server, {@code amqp://user:password@host:port}
     */
    RabbitMqFixture(URI url) {
        super("RabbitMQ", url);
    }

    @Override
    public MessageSender start() throws BrokerUnavailableException {
        this.connections = new CachingConnectionFactory(url());
        this.connections.setPublisherConfirmType(CachingConnectionFactory.ConfirmType.CORRELATED);
        this.connections.setPublisherReturns(true);
        try {
            Connection connection = this.connections.createConnection();
            version(Objects.toString(connection.getDelegate().getServerProperties().get("version"), "?"));
        }
        catch (AmqpException ex) {
            throw unavailable(ex);
        }
        RabbitTemplate template = new RabbitTemplate(this.connections);
        template.setMandatory(true);
        this.admin = new RabbitAdmin(this.connections);
        return new RabbitMessageSender(template);
    }

    @Override
    public String setup() {
        return "publisher confirms and returns, mandatory; a durable fanout exchange bound to a durable queue, "
                + "persistent messages";
    }

    @Override
    public void createDestination(String topic) {
        FanoutExchange exchange = new FanoutExchange(topic, true, false);
        Queue queue = new Queue(topic, true);
        this.admin.declareExchange(exchange);
        this.admin.declareQueue(queue);
        this.admin.declareBinding(BindingBuilder.bind(queue).to(exchange));
    }

    @Override
    public long messagesAt(String topic) {
        QueueInformation queue = this.admin.getQueueInfo(topic);
        return (queue != null) ? queue.getMessageCount() : 0;
    }

    @Override
    public void deleteDestination(String topic) {
        this.admin.deleteQueue(topic);
        this.admin.deleteExchange(topic);
    }

    @Override
    public void close() {
        if (this.connections != null) {
            this.connections.destroy();
        }
    }
}
