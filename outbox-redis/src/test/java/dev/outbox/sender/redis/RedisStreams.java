/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.redis;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.outbox.testing.RedisServer;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;

/** A connection to a Redis server of the tests, and what its streams hold. */
final class RedisStreams implements AutoCloseable {

    private static final Duration PATIENCE = Duration.ofSeconds(10);

    private final LettuceConnectionFactory connections;

    private final ReactiveStringRedisTemplate template;

    private RedisStreams(String host, int port, Duration commandTimeout) {
        this.connections = new LettuceConnectionFactory(new RedisStandaloneConfiguration(host, port),
                LettuceClientConfiguration.builder().commandTimeout(commandTimeout).build());
        this.connections.afterPropertiesSet();
        this.connections.start();
        this.template = new ReactiveStringRedisTemplate(this.connections);
    }

    /** A connection to the tests' server. */
    static RedisStreams onTheTestServer() {
        RedisServer server = RedisServer.require();
        return new RedisStreams(server.host(), server.port(), PATIENCE);
    }

    /** A connection to a server on another address, with a command timeout of its own. */
    static RedisStreams on(String host, int port, Duration commandTimeout) {
        return new RedisStreams(host, port, commandTimeout);
    }

    ReactiveStringRedisTemplate template() {
        return this.template;
    }

    List<MapRecord<String, Object, Object>> entries(String stream) {
        return this.template.opsForStream().range(stream, Range.unbounded()).collectList().block(PATIENCE);
    }

    long length(String stream) {
        return this.template.opsForStream().size(stream).block(PATIENCE);
    }

    void set(String key, String value) {
        this.template.opsForValue().set(key, value).block(PATIENCE);
    }

    void delete(String key) {
        this.template.delete(key).block(PATIENCE);
    }

    static Map<Object, Object> fields(MapRecord<String, Object, Object> entry) {
        return entry.getValue();
    }

    @Override
    public void close() {
        this.connections.destroy();
    }
}
