/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * Feeds the shipping side's in-order consumer from its RabbitMQ queue. A held step (delivered before an earlier
 * step of its order) throws; the container then requeues it (Spring AMQP's default), so that it comes again
 * after the earlier one. It must not go to a dead-letter queue.
 */
@Component
@Profile("rabbit")
class TrackingRabbitListener {

    private final TrackingConsumer tracking;

    TrackingRabbitListener(TrackingConsumer tracking) {
        this.tracking = tracking;
    }

    @RabbitListener(queues = RabbitTopology.TRACKING_QUEUE)
    void onTrackingStep(Message message) {
        Map<String, String> headers = new LinkedHashMap<>();
        message.getMessageProperties().getHeaders().forEach((name, value) -> headers.put(name, String.valueOf(value)));
        this.tracking.apply(headers, new String(message.getBody(), StandardCharsets.UTF_8));
    }
}
