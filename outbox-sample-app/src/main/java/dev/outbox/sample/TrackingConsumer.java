/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Map;

import dev.outbox.consumer.inbox.Consumption;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.consumer.inbox.OutOfOrderException;
import dev.outbox.sender.OutboxHeaders;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The shipping side's in-order consumer of {@code order.tracking} messages: applies each order's tracking steps
 * once each, in the order the order service recorded them, whatever order and however often they are delivered.
 * The inbox's position in the order (the ordering key) moves on with each step in the transaction that writes the
 * step's {@code tracking_step} row. A step that comes before an earlier one of its order is held:
 * {@link OutOfOrderException} rolls the transaction back and reaches the caller, whose container delivers the
 * step again (RabbitMQ requeues it, Kafka's error handler seeks back to it, the dispatcher retries a local
 * handler's message).
 */
@Service
public class TrackingConsumer {

    private final Inbox inbox;

    private final AppliedSteps appliedSteps;

    private final JsonMapper json;

    private final Clock clock = Clock.systemUTC();

    TrackingConsumer(Inbox inbox, AppliedSteps appliedSteps, JsonMapper json) {
        this.inbox = inbox;
        this.appliedSteps = appliedSteps;
        this.json = json;
    }

    /**
     * Applies a delivered tracking step if it is its order's next, in a transaction of its own or the caller's.
     *
     * @param headers the delivery's headers, with the ordering key ({@value OutboxHeaders#ORDERING_KEY}) and the
     * step's number ({@value OutboxHeaders#SEQUENCE})
     * @param trackingUpdateJson the message body: a {@link TrackingUpdate} as JSON
     * @return whether the step had been applied before
     * @throws OutOfOrderException when an earlier step of the order has not been applied yet
     */
    @Transactional
    public Consumption apply(Map<String, String> headers, String trackingUpdateJson) {
        TrackingUpdate update = this.json.readValue(trackingUpdateJson, TrackingUpdate.class);
        return this.inbox.consumeInOrder(ShippingService.CONSUMER_GROUP, OrderService.ORDER_TRACKING, headers,
                // consumeInOrder has checked the number header before it runs this.
                () -> this.appliedSteps.insert(update.orderId(),
                        new AppliedStep(Long.parseLong(headers.get(OutboxHeaders.SEQUENCE)), update.step(),
                                this.clock.instant().truncatedTo(ChronoUnit.MILLIS))));
    }
}
