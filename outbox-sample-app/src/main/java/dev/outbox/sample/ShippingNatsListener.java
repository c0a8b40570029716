/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import io.nats.client.ConsumeOptions;
import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.Message;
import io.nats.client.MessageConsumer;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.api.AckPolicy;
import io.nats.client.api.ConsumerConfiguration;
import io.nats.client.api.DeliverPolicy;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * Feeds the shipping side from the NATS JetStream streams of orders and tracking steps, through a durable consumer
 * {@value ShippingService#CONSUMER_GROUP} on each, and connects the application to NATS (Spring Boot has no NATS
 * support; the outbox's sender publishes on the same connection). The streams, one per subject and named after it,
 * are created with file storage when missing; the outbox's sender creates none. A message is acknowledged once its
 * consumer's transaction committed, and a failure is negatively acknowledged, so that the server delivers it again
 * 100 ms later. Each consumer has one message in flight at a time: a held tracking step comes again before the
 * stream's later steps, and a message whose acknowledgement was lost (the application stopped) comes again after
 * the consumer's acknowledgement wait. The inbox turns every repeat into a no-op.
 */
@Component
@Profile("nats")
class ShippingNatsListener implements SmartLifecycle {

    private static final Logger logger = LoggerFactory.getLogger(ShippingNatsListener.class);

    /** The server's error code for a stream that does not exist. */
    private static final int STREAM_NOT_FOUND = 10059;

    private static final Duration REDELIVERY_DELAY = Duration.ofMillis(100);

    /**
     * Pull requests that expire after 5 s instead of 30: a request the server lost while it was away is replaced
     * within seconds of its return, not half a minute.
     */
    private static final ConsumeOptions PULLS = ConsumeOptions.builder().expiresIn(5_000).build();

    private final Connection connection;

    /** What applies a message, by stream (and subject). */
    private final Map<String, Consumer<Message>> streams = new LinkedHashMap<>();

    /** The consumers while the listener runs, by stream. */
    private final Map<String, MessageConsumer> consumers = new LinkedHashMap<>();

    ShippingNatsListener(Connection connection, MessageDestinations destinations, ShippingService shipping,
            TrackingConsumer tracking) {
        this.connection = connection;
        this.streams.put(destinations.orders(), message -> shipping.ship(body(message)));
        this.streams.put(destinations.tracking(), message -> tracking.apply(headers(message), body(message)));
    }

    /**
     * The application's connection, which the outbox's sender publishes on; the client reconnects without end.
     */
    @Bean(destroyMethod = "close")
    static Connection natsConnection(@Value("${sample.nats.url}") String url) throws IOException, InterruptedException {
        return Nats.connect(Options.builder().server(url).connectionTimeout(Duration.ofSeconds(2)).maxReconnects(-1)
                .build());
    }

    @Override
    public synchronized void start() {
        try {
            JetStreamManagement management = this.connection.jetStreamManagement();
            for (Map.Entry<String, Consumer<Message>> stream : this.streams.entrySet()) {
                createStreamUnlessItExists(management, stream.getKey());
                management.addOrUpdateConsumer(stream.getKey(), ConsumerConfiguration.builder()
                        .durable(ShippingService.CONSUMER_GROUP).ackPolicy(AckPolicy.Explicit)
                        .deliverPolicy(DeliverPolicy.All).maxAckPending(1).build());
                this.consumers.put(stream.getKey(), this.connection.getConsumerContext(stream.getKey(),
                        ShippingService.CONSUMER_GROUP).consume(PULLS,
                                message -> applyAndAcknowledge(message, stream.getValue())));
            }
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        catch (JetStreamApiException ex) {
            throw new IllegalStateException("NATS JetStream refused to set up the shipping consumers: " + ex.getMessage(),
                    ex);
        }
    }

    /** Unsubscribes at once: a message in flight is not acknowledged, and the server delivers it again later. */
    @Override
    public synchronized void stop() {
        this.consumers.forEach((stream, consumer) -> {
            try {
                consumer.close();
            }
            catch (Exception ex) {
                logger.warn("Closing the consumer of stream {} failed: {}", stream, ex.toString());
            }
        });
        this.consumers.clear();
    }

    @Override
    public synchronized boolean isRunning() {
        return !this.consumers.isEmpty();
    }

    private static void createStreamUnlessItExists(JetStreamManagement management, String subject)
            throws IOException, JetStreamApiException {
        try {
            management.getStreamInfo(subject);
        }
        catch (JetStreamApiException ex) {
            if (ex.getApiErrorCode() != STREAM_NOT_FOUND) {
                throw ex;
            }
            management.addStream(StreamConfiguration.builder().name(subject).subjects(subject)
                    .storageType(StorageType.File).build());
        }
    }

    private static void applyAndAcknowledge(Message message, Consumer<Message> apply) {
        try {
            apply.accept(message);
            message.ack();
        }
        catch (RuntimeException ex) {
            if (message.metaData().deliveredCount() == 1) {
                logger.warn("Message {} of stream {} failed; it is delivered again every {} ms until it succeeds: {}",
                        message.metaData().streamSequence(), message.metaData().getStream(),
                        REDELIVERY_DELAY.toMillis(), ex.toString());
            }
            message.nakWithDelay(REDELIVERY_DELAY);
        }
    }

    private static String body(Message message) {
        return new String(message.getData(), StandardCharsets.UTF_8);
    }

    private static Map<String, String> headers(Message message) {
        Map<String, String> headers = new LinkedHashMap<>();
        message.getHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
        return headers;
    }
}
