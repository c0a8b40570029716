/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A queue of one test class on the test broker, bound with {@code #} to a topic exchange of its own, both named
 * uniquely, and read through the test's own connections, keeping every message that came by its outbox id (the
 * {@code outbox-id} header), duplicates included. {@link #close()} deletes both and closes the connections.
 */
final class RabbitTestQueue implements AutoCloseable {

    private static final Duration PATIENCE = Duration.ofSeconds(15);

    private final String suffix = UUID.randomUUID().toString().substring(0, 8);

    private final String prefix;

    private final CachingConnectionFactory connections;

    private final RabbitAdmin admin;

    private final RabbitTemplate reader;

    private final Map<Long, List<Message>> received = new ConcurrentHashMap<>();

    /**
     * Declares the exchange and the queue.
     *
     * @param broker the test broker
     * @param prefix what the names start with
     */
    RabbitTestQueue(RabbitTestBroker broker, String prefix) {
        this.prefix = prefix;
        this.connections = broker.connectionFactory();
        this.admin = new RabbitAdmin(this.connections);
        this.reader = new RabbitTemplate(this.connections);
        TopicExchange exchange = new TopicExchange(exchange(), false, false);
        Queue queue = new Queue(queue(), false, false, false);
        this.admin.declareExchange(exchange);
        this.admin.declareQueue(queue);
        this.admin.declareBinding(BindingBuilder.bind(queue).to(exchange).with("#"));
    }

    /**
     * @return the exchange bound to the queue
     */
    String exchange() {
        return name("exchange");
    }

    String queue() {
        return name("queue");
    }

    /**
     * @param part what the name is of
     * @return a name unique to this test class, for the exchange, the queue and whatever else the test declares
     */
    String name(String part) {
        return this.prefix + "-" + part + "-" + this.suffix;
    }

    /**
     * @return the admin of the test's own connections, to declare and delete more
     */
    RabbitAdmin admin() {
        return this.admin;
    }

    /**
     * Empties the queue and forgets what was read.
     */
    void purge() {
        this.admin.purgeQueue(queue());
        this.received.clear();
    }

    /**
     * Reads until a message of each outbox id came. It does not fail on what other threads throw, such as Spring
     * AMQP's "PublisherCallbackChannel is closed" after a channel error.
     */
    void awaitReceived(Collection<Long> ids) {
        await().atMost(PATIENCE).dontCatchUncaughtExceptions().untilAsserted(() -> {
            readOne();
            assertThat(this.received).containsKeys(ids.toArray(Long[]::new));
        });
    }

    /**
     * Reads until the queue is empty: once the broker confirmed every message, every copy is then counted.
     */
    void drain() {
        boolean more = true;
        while (more) {
            more = readOne();
        }
    }

    /**
     * @return the first message of the outbox id that came
     */
    Message first(long id) {
        return this.received.get(id).get(0);
    }

    /**
     * @return how many copies of each outbox id came
     */
    Map<Long, Integer> copies() {
        Map<Long, Integer> copies = new ConcurrentHashMap<>();
        this.received.forEach((id, messages) -> copies.put(id, messages.size()));
        return copies;
    }

    @Override
    public void close() {
        this.admin.deleteQueue(queue());
        this.admin.deleteExchange(exchange());
        this.connections.destroy();
    }

    private boolean readOne() {
        Message message = this.reader.receive(queue(), 200);
        if (message == null) {
            return false;
        }
        long id = Long.parseLong(String.valueOf(message.getMessageProperties().getHeaders().get("outbox-id")));
        this.received.computeIfAbsent(id, key -> new CopyOnWriteArrayList<>()).add(message);
        return true;
    }
}
