/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import dev.outbox.handler.OutboxHandler;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.OutgoingMessage;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/**
 * Without a broker (the logging sender "delivers", unless a broker's profile switches it off), the shipping side
 * applies tracking steps in the process, as a local handler: the outbox table is the queue. The dispatcher hands it
 * an order's steps one at a time in id order already, so the in-order consumer meets only duplicates; an
 * {@code OutOfOrderException} would be a failed attempt, retried with back-off.
 */
@Component
@ConditionalOnBooleanProperty("outbox.logging-sender.enabled")
class TrackingLocalHandler {

    private final TrackingConsumer tracking;

    TrackingLocalHandler(TrackingConsumer tracking) {
        this.tracking = tracking;
    }

    @OutboxHandler(value = OrderService.ORDER_TRACKING, name = "shippingTracking")
    void onTrackingStep(OutgoingMessage message) {
        // The ordering key is a header only on the broker; OutboxHeaders.of adds it as the senders do.
        this.tracking.apply(OutboxHeaders.of(message), message.body());
    }
}
