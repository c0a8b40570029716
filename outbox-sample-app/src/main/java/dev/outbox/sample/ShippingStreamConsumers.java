/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.messaging.Message;

/**
 * Feeds the shipping side through Spring Cloud Stream: two functions, which {@code application-stream.yml} binds as
 * consumer group {@value ShippingService#CONSUMER_GROUP} to the destinations of orders and tracking steps (with the
 * RabbitMQ binder, the queues {@code <destination>.shipping}). Each delivery is tried once and a failure requeues it
 * ({@code max-attempts: 1}, {@code requeue-rejected: true}), as the rabbit profile's listeners do: a held tracking step
 * comes again after the earlier one. The inbox turns every repeat into a no-op.
 */
@Configuration(proxyBeanMethods = false)
@Profile("stream")
class ShippingStreamConsumers {

    /** The function that ships orders; its binding is {@code shipOrder-in-0}. */
    @Bean
    Consumer<Message<byte[]>> shipOrder(ShippingService shipping) {
        return message -> shipping.ship(body(message));
    }

    /** The function that applies tracking steps in order; its binding is {@code applyTrackingStep-in-0}. */
    @Bean
    Consumer<Message<byte[]>> applyTrackingStep(TrackingConsumer tracking) {
        return message -> tracking.apply(headers(message), body(message));
    }

    private static String body(Message<byte[]> message) {
        return new String(message.getPayload(), StandardCharsets.UTF_8);
    }

    /** The delivery's headers as text: the message's own and the outbox's, as the sender put them. */
    private static Map<String, String> headers(Message<byte[]> message) {
        Map<String, String> headers = new LinkedHashMap<>();
        message.getHeaders().forEach((name, value) -> headers.put(name, String.valueOf(value)));
        return headers;
    }
}
