/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Profile;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.stereotype.Component;
import org.springframework.util.backoff.FixedBackOff;

/**
 * Feeds the shipping side's in-order consumer from the Kafka topic of tracking messages. A held step throws, and
 * the listener's error handler seeks back to it and tries it again, without end: Spring Kafka's default gives up
 * after ten tries and skips the record, and a skipped step would hold its order's later steps forever.
 */
@Component
@Profile("kafka")
class TrackingKafkaListener {

    static final String CONTAINER_FACTORY = "trackingListenerContainerFactory";

    private final TrackingConsumer tracking;

    TrackingKafkaListener(TrackingConsumer tracking) {
        this.tracking = tracking;
    }

    @KafkaListener(topics = OrderService.TRACKING_TOPIC, groupId = ShippingService.CONSUMER_GROUP,
            containerFactory = CONTAINER_FACTORY)
    void onTrackingStep(ConsumerRecord<String, String> record) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Header header : record.headers()) {
            headers.put(header.key(), new String(header.value(), StandardCharsets.UTF_8));
        }
        this.tracking.apply(headers, record.value());
    }

    /**
     * Boot's listener container settings, with an error handler that retries a record every 100 ms without end.
     */
    @Bean(CONTAINER_FACTORY)
    static ConcurrentKafkaListenerContainerFactory<Object, Object> trackingListenerContainerFactory(
            ConcurrentKafkaListenerContainerFactoryConfigurer configurer, ConsumerFactory<Object, Object> consumers) {
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory = new ConcurrentKafkaListenerContainerFactory<>();
        configurer.configure(factory, consumers);
        factory.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff(100, FixedBackOff.UNLIMITED_ATTEMPTS)));
        return factory;
    }
}
