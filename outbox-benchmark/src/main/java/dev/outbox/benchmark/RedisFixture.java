/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.net.URI;
import java.time.Duration;
import java.util.Properties;

import dev.outbox.sender.redis.RedisStreamMessageSender;
import dev.outbox.spi.MessageSender;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;

/**
 * Redis at its address, and the Redis Streams sender over a {@link ReactiveStringRedisTemplate} of a Lettuce
 * connection factory with Spring Data Redis's defaults, without a maximum length. Each drain's topic is a stream,
 * which its first entry creates.
 */
final class RedisFixture extends NetworkBrokerFixture {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private LettuceConnectionFactory connections;

    private ReactiveStringRedisTemplate redis;

    /**
     * @param url the server, {@code redis://host:port}
     */
    RedisFixture(URI url) {
        super("Redis", url);
    }

    @Override
    public MessageSender start() throws BrokerUnavailableException {
        this.connections = new LettuceConnectionFactory(LettuceConnectionFactory.createRedisConfiguration(
                url().toString()));
        this.connections.afterPropertiesSet();
        this.connections.start();
        this.redis = new ReactiveStringRedisTemplate(this.connections);
        try {
            Properties server = this.redis.execute(connection -> connection.serverCommands().info("server"))
                    .blockFirst(PATIENCE);
            version((server != null) ? server.getProperty("redis_version", "?") : "?");
        }
        catch (DataAccessException ex) {
            throw unavailable(ex);
        }
        return new RedisStreamMessageSender(this.redis, 0);
    }

    @Override
    public String setup() {
        return "XADD through Spring Data Redis's reactive API on Lettuce; a stream per topic, no maximum length";
    }

    @Override
    public void createDestination(String topic) {
        // The stream comes with its first entry.
    }

    @Override
    public long messagesAt(String topic) {
        Long length = this.redis.opsForStream().size(topic).block(PATIENCE);
        return (length != null) ? length : 0;
    }

    @Override
    public void deleteDestination(String topic) {
        this.redis.delete(topic).block(PATIENCE);
    }

    @Override
    public void close() {
        if (this.connections != null) {
            this.connections.destroy();
        }
    }
}
