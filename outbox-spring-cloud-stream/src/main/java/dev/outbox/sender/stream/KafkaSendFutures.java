/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.springframework.cloud.stream.config.ProducerMessageHandlerCustomizer;
import org.springframework.integration.kafka.outbound.KafkaProducerMessageHandler;
import org.springframework.integration.kafka.support.KafkaIntegrationHeaders;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;

/**
 * Hands the future of each Kafka send to the {@link StreamBridgeMessageSender}, so that a message counts as sent once
 * the producer's acknowledgement arrived, while the sends of a batch stay in flight together.
 *
 * <p>Spring Cloud Stream's Kafka binder sends each record through Spring Integration's
 * {@link KafkaProducerMessageHandler}, which passes the send's future to a futures channel when the message has a
 * {@value KafkaIntegrationHeaders#FUTURE_TOKEN} header (and removes that header from the record). As the binder's
 * producer handler customizer, this sets that channel on every Kafka producer binding, and notes whether the
 * binding's producer is idempotent (which the order of pipelined sends relies on). The handler passes the future on
 * the sending thread, before the binding returns, so the sender knows at once whether it came.
 *
 * <p>The binder takes one customizer: the auto-configuration registers this as the primary one, and it applies the
 * application's own Kafka producer handler customizers after its own work.
 */
public final class KafkaSendFutures implements ProducerMessageHandlerCustomizer<KafkaProducerMessageHandler<?, ?>> {

    private static final String TOKEN_PREFIX = "outbox-send-";

    private final AtomicLong tokens = new AtomicLong();

    /** The futures handed over and not yet taken by the sender that asked for them, by token. */
    private final Map<String, CompletableFuture<?>> handedOver = new ConcurrentHashMap<>();

    private final Map<String, Boolean> idempotentByDestination = new ConcurrentHashMap<>();

    private final Supplier<? extends Collection<? extends ProducerMessageHandlerCustomizer<KafkaProducerMessageHandler<?, ?>>>> others;

    private final MessageChannel futures = this::handOver;

    /**
     * A customizer that applies no other.
     */
    public KafkaSendFutures() {
        this(List::of);
    }

    /**
     * @param others the application's other customizers of Kafka producer handlers, applied after this one's work;
     * read when a binding is created
     */
    public KafkaSendFutures(
            Supplier<? extends Collection<? extends ProducerMessageHandlerCustomizer<KafkaProducerMessageHandler<?, ?>>>> others) {
        this.others = others;
    }

    @Override
    public void configure(KafkaProducerMessageHandler<?, ?> handler, String destinationName) {
        handler.setFuturesChannel(this.futures);
        this.idempotentByDestination.put(destinationName,
                ProducerIdempotence.of(handler.getKafkaTemplate().getProducerFactory().getConfigurationProperties()));
        this.others.get().forEach(other -> other.configure(handler, destinationName));
    }

    /** @return a new token, for the {@value KafkaIntegrationHeaders#FUTURE_TOKEN} header of one send */
    String newToken() {
        return TOKEN_PREFIX + this.tokens.incrementAndGet();
    }

    /**
     * @param token the token of a send that returned
     * @return the send's future, when the binder handed it over; null when it did not
     */
    @Nullable CompletableFuture<?> take(String token) {
        return this.handedOver.remove(token);
    }

    /**
     * @param destination a Kafka topic that a binding was created for
     * @return whether the binding's producer keeps the order of a partition's records in flight together; false for a
     * destination no binding was created for
     */
    boolean idempotent(String destination) {
        return this.idempotentByDestination.getOrDefault(destination, false);
    }

    private boolean handOver(Message<?> message, long timeout) {
        Object token = message.getHeaders().get(KafkaIntegrationHeaders.FUTURE_TOKEN);
        if (token instanceof String name && name.startsWith(TOKEN_PREFIX)
                && message.getPayload() instanceof CompletableFuture<?> future) {
            this.handedOver.put(name, future);
        }
        return true;
    }
}
