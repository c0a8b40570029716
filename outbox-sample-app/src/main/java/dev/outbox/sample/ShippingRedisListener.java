/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.outbox.sender.redis.RedisStreamMessageSender;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Profile;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.data.redis.RedisSystemException;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.connection.stream.ReadOffset;
import org.springframework.data.redis.connection.stream.StreamOffset;
import org.springframework.data.redis.connection.stream.StreamReadOptions;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.stream.StreamMessageListenerContainer;
import org.springframework.data.redis.stream.StreamMessageListenerContainer.StreamMessageListenerContainerOptions;
import org.springframework.data.redis.stream.StreamMessageListenerContainer.StreamReadRequest;
import org.springframework.stereotype.Component;

/**
 * Feeds the shipping side from the Redis streams the outbox adds orders and tracking steps to, as consumer group
 * {@value ShippingService#CONSUMER_GROUP}, which it creates with the stream, reading from its start, when missing.
 * An entry is acknowledged ({@code XACK}) once its consumer's transaction committed. A failure leaves it pending in
 * the group, and it is tried again every 100 ms, without end, before the stream's later entries: a held tracking
 * step waits for the earlier one, as behind the Kafka listener's error handler. An entry read but not acknowledged
 * when the application stopped is read again, first, at its next start, under the same consumer name
 * ({@code sample.redis.consumer}, one per instance). The inbox turns every repeat into a no-op.
 */
@Component
@Profile("redis")
class ShippingRedisListener implements SmartLifecycle {

    private static final Logger logger = LoggerFactory.getLogger(ShippingRedisListener.class);

    /** How long a read waits for new entries: below the command timeout, {@code spring.data.redis.timeout}. */
    private static final Duration POLL_TIMEOUT = Duration.ofSeconds(1);

    /** How long a failed entry waits before it is tried again. */
    private static final Duration RETRY_DELAY = Duration.ofMillis(100);

    private static final Duration READ_RETRY_DELAY = Duration.ofSeconds(5);

    private final StringRedisTemplate redis;

    private final RedisConnectionFactory connections;

    private final org.springframework.data.redis.connection.stream.Consumer consumer;

    /** What applies an entry, by stream. */
    private final Map<String, Consumer<MapRecord<String, String, String>>> streams = new LinkedHashMap<>();

    /** The container while the listener runs, and the threads it reads on. */
    private @Nullable StreamMessageListenerContainer<String, MapRecord<String, String, String>> container;

    private @Nullable SimpleAsyncTaskExecutor readers;

    private volatile CountDownLatch stopped = new CountDownLatch(0);

    ShippingRedisListener(StringRedisTemplate redis, RedisConnectionFactory connections,
            MessageDestinations destinations, ShippingService shipping, TrackingConsumer tracking,
            @Value("${sample.redis.consumer}") String consumerName) {
        this.redis = redis;
        this.connections = connections;
        this.consumer = org.springframework.data.redis.connection.stream.Consumer.from(ShippingService.CONSUMER_GROUP,
                consumerName);
        this.streams.put(destinations.orders(), entry -> shipping.ship(body(entry)));
        this.streams.put(destinations.tracking(), entry -> tracking.apply(headers(entry), body(entry)));
    }

    @Override
    public synchronized void start() {
        this.stopped = new CountDownLatch(1);
        this.streams.forEach((stream, apply) -> {
            createGroupUnlessItExists(stream);
            pendingEntries(stream).forEach(entry -> applyAndAcknowledge(entry, apply));
        });
        SimpleAsyncTaskExecutor readers = new SimpleAsyncTaskExecutor("shipping-redis-");
        readers.setTaskTerminationTimeout(POLL_TIMEOUT.multipliedBy(2).toMillis());
        StreamMessageListenerContainer<String, MapRecord<String, String, String>> container =
                StreamMessageListenerContainer.create(this.connections, StreamMessageListenerContainerOptions.builder()
                        .pollTimeout(POLL_TIMEOUT).executor(readers).build());
        // A read error (the server away) must not end the subscription, as it does by default.
        this.streams.forEach((stream, apply) -> container.register(StreamReadRequest
                .builder(StreamOffset.create(stream, ReadOffset.lastConsumed())).consumer(this.consumer)
                .autoAcknowledge(false).cancelOnError(error -> false).errorHandler(error -> readFailed(stream, error))
                .build(), entry -> applyAndAcknowledge(entry, apply)));
        container.start();
        this.readers = readers;
        this.container = container;
    }

    /**
     * Stops reading, and waits for the reads under way (at most two poll timeouts), so that none is left when the
     * connection factory stops.
     */
    @Override
    public synchronized void stop() {
        this.stopped.countDown();
        if (this.container != null && this.readers != null) {
            this.container.stop();
            this.readers.close();
            this.container = null;
            this.readers = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return this.container != null;
    }

    private void createGroupUnlessItExists(String stream) {
        try {
            this.redis.opsForStream().createGroup(stream, ReadOffset.from("0"), ShippingService.CONSUMER_GROUP);
        }
        catch (RedisSystemException ex) {
            if (!String.valueOf(NestedExceptionUtils.getMostSpecificCause(ex).getMessage()).startsWith("BUSYGROUP")) {
                throw ex;
            }
        }
    }

    /** The entries this consumer read before and did not acknowledge, oldest first. */
    @SuppressWarnings("unchecked") // the varargs of one StreamOffset<String>
    private List<MapRecord<String, String, String>> pendingEntries(String stream) {
        List<MapRecord<String, String, String>> pending = this.redis.<String, String>opsForStream().read(this.consumer,
                StreamReadOptions.empty(), StreamOffset.create(stream, ReadOffset.from("0")));
        return (pending != null) ? pending : List.of();
    }

    private void applyAndAcknowledge(MapRecord<String, String, String> entry,
            Consumer<MapRecord<String, String, String>> apply) {
        for (int attempt = 1;; attempt++) {
            try {
                apply.accept(entry);
                this.redis.opsForStream().acknowledge(ShippingService.CONSUMER_GROUP, entry);
                return;
            }
            catch (RuntimeException ex) {
                if (attempt == 1) {
                    logger.warn("Entry {} of stream {} failed; it stays pending and is tried again every {} ms: {}",
                            entry.getId(), entry.getStream(), RETRY_DELAY.toMillis(), ex.toString());
                }
                if (awaitStop(RETRY_DELAY)) {
                    throw new IllegalStateException("Entry " + entry.getId() + " of stream " + entry.getStream()
                            + " stays pending: the listener stopped", ex);
                }
            }
        }
    }

    /** @return whether the listener stopped within the time */
    private boolean awaitStop(Duration time) {
        try {
            return this.stopped.await(time.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    /**
     * Creates the group again when the server lost it (a restart without persistence, the stream deleted and added
     * to again), so that the stream's entries are read from its start; otherwise waits a while before the next read,
     * since a server that refuses connections fails a read at once.
     */
    private void readFailed(String stream, Throwable error) {
        if (this.stopped.getCount() == 0) {
            return;
        }
        String cause = NestedExceptionUtils.getMostSpecificCause(error).toString();
        try {
            if (cause.contains("NOGROUP")) {
                logger.warn("The consumer group of stream {} is missing; creating it again, from the stream's start: {}",
                        stream, cause);
                createGroupUnlessItExists(stream);
                return;
            }
        }
        catch (RuntimeException ex) {
            cause = NestedExceptionUtils.getMostSpecificCause(ex).toString();
        }
        logger.warn("Reading stream {} failed; trying again in {} s: {}", stream, READ_RETRY_DELAY.toSeconds(), cause);
        awaitStop(READ_RETRY_DELAY);
    }

    private static String body(MapRecord<String, String, String> entry) {
        return entry.getValue().get(RedisStreamMessageSender.BODY_FIELD);
    }

    /** The entry's fields but the body: the message's headers and the outbox's. */
    private static Map<String, String> headers(MapRecord<String, String, String> entry) {
        Map<String, String> headers = new LinkedHashMap<>(entry.getValue());
        headers.remove(RedisStreamMessageSender.BODY_FIELD);
        return headers;
    }
}
