/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.outbox.testing.RabbitServer;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * The destinations of the RabbitMQ binder on the tests' RabbitMQ, made and read with a connection of the test's own:
 * a topic exchange named as the destination, as the binder declares it, with a queue of the same name bound for every
 * routing key. Deletes what it made when closed.
 */
final class RabbitDestinations implements AutoCloseable {

    private final RabbitServer server;

    private final CachingConnectionFactory connections;

    private final RabbitAdmin admin;

    private final RabbitTemplate template;

    private final Set<String> made = ConcurrentHashMap.newKeySet();

    RabbitDestinations(RabbitServer server) {
        this.server = server;
        this.connections = new CachingConnectionFactory(server.host(), server.port());
        this.connections.setUsername(server.username());
        this.connections.setPassword(server.password());
        this.connections.setVirtualHost(server.virtualHost());
        this.admin = new RabbitAdmin(this.connections);
        this.template = new RabbitTemplate(this.connections);
    }

    /**
     * @param host the host the application connects to: the broker's, or a relay's
     * @param port its port
     * @return the application's properties for the RabbitMQ binder on the broker, with confirms and returns
     */
    String[] applicationProperties(String host, int port) {
        return new String[] { "spring.cloud.stream.default-binder=rabbit", "spring.rabbitmq.host=" + host,
            "spring.rabbitmq.port=" + port, "spring.rabbitmq.username=" + this.server.username(),
            "spring.rabbitmq.password=" + this.server.password(),
            "spring.rabbitmq.virtual-host=" + this.server.virtualHost(),
            "spring.rabbitmq.publisher-confirm-type=correlated", "spring.rabbitmq.publisher-returns=true",
            "spring.cloud.stream.rabbit.default.producer.use-confirm-header=true" };
    }

    /** @return the destination of that name, with a queue bound for every routing key */
    String bound(String name) {
        TopicExchange exchange = new TopicExchange(name);
        Queue queue = new Queue(name);
        this.made.add(name);
        this.admin.declareExchange(exchange);
        this.admin.declareQueue(queue);
        this.admin.declareBinding(BindingBuilder.bind(queue).to(exchange).with("#"));
        return name;
    }

    /** @return the destination of that name, whose exchange the binder declares and no queue is bound to */
    String unbound(String name) {
        this.made.add(name);
        return name;
    }

    /** @return the next message in the destination's queue, within a few seconds; null if none came */
    Message receive(String name) {
        return this.template.receive(name, 5_000);
    }

    /** @return the {@code outbox-id} headers of every message in the destination's queue now, which it takes */
    List<String> outboxIds(String name) {
        List<String> ids = new ArrayList<>();
        for (Message message = this.template.receive(name); message != null; message = this.template.receive(name)) {
            ids.add((String) message.getMessageProperties().getHeaders().get("outbox-id"));
        }
        return ids;
    }

    @Override
    public void close() {
        this.made.forEach(name -> {
            this.admin.deleteQueue(name);
            this.admin.deleteExchange(name);
        });
        this.connections.destroy();
    }
}
