/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import dev.outbox.OutboxTemplate;
import dev.outbox.message.SaveResult;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Places orders. The order row and its {@code order.created} message are written in one
 * transaction: if either fails, neither exists; once it commits, the outbox delivers the message.
 */
@Service
public class OrderService {

    /** The type of the message saved for each new order. */
    public static final String ORDER_CREATED = "order.created";

    /** The broker topic of order messages. */
    public static final String ORDERS_TOPIC = "orders";

    /** The type of the sequenced message saved for each tracking step of an order. */
    public static final String ORDER_TRACKING = "order.tracking";

    /** The broker topic of tracking messages, which only the shipping side's in-order consumer reads. */
    public static final String TRACKING_TOPIC = "order-tracking";

    private final OrderRepository orders;

    private final OutboxTemplate outbox;

    private final AppliedSteps appliedSteps;

    private final Clock clock = Clock.systemUTC();

    OrderService(OrderRepository orders, OutboxTemplate outbox, AppliedSteps appliedSteps) {
        this.orders = orders;
        this.outbox = outbox;
        this.appliedSteps = appliedSteps;
    }

    /**
     * Creates an order and its {@code order.created} message.
     *
     * @param request a validated request
     * @return the order id and the outbox message id
     */
    @Transactional
    public PlacedOrder place(OrderRequest request) {
        Order order = new Order(UUID.randomUUID().toString(), request.customerId(), request.product(),
                request.quantity(), this.clock.instant().truncatedTo(ChronoUnit.MILLIS));
        SaveResult message = this.outbox.message(ORDER_CREATED)
                .key(order.id())
                .topic(ORDERS_TOPIC)
                .orderingKey(order.customerId())
                .payload(order)
                .save();
        this.orders.insert(order, message.id());
        return new PlacedOrder(order.id(), message.id());
    }

    /**
     * Records that an order reached a tracking step: the order row's latest step and the step's
     * {@code order.tracking} message, sequenced by the order id, so that the shipping side applies the order's
     * steps once each, in the order they were recorded here. Recording a step the order has reached before
     * changes nothing and answers the first message.
     *
     * @param orderId the order
     * @param step the step it reached
     * @return the step's message id and its number among the order's tracking messages
     * @throws OrderNotFoundException when there is no such order; nothing is written
     */
    @Transactional
    public RecordedStep track(String orderId, TrackingStep step) {
        if (!this.orders.exists(orderId)) {
            throw new OrderNotFoundException(orderId);
        }
        SaveResult message = this.outbox.message(ORDER_TRACKING)
                .key(orderId + "/" + step.name())
                .topic(TRACKING_TOPIC)
                .orderingKey(orderId)
                .sequenced()
                .payload(new TrackingUpdate(orderId, step))
                .save();
        if (!message.duplicate()) {
            this.orders.updateTrackingStep(orderId, step);
        }
        return new RecordedStep(orderId, step, message.id(), message.sequence(), message.duplicate());
    }

    /**
     * @param orderId an order id
     * @return the tracking steps the shipping side applied to the order, in their order, if the order exists
     */
    public Optional<List<AppliedStep>> appliedSteps(String orderId) {
        return this.orders.exists(orderId) ? Optional.of(this.appliedSteps.of(orderId)) : Optional.empty();
    }

    /**
     * @param id an order id
     * @return the order and the state of its message, if the order exists
     */
    public Optional<OrderDetails> find(String id) {
        return this.orders.findById(id).map(stored -> OrderDetails.of(stored.order(),
                this.outbox.find(stored.outboxMessageId())
                        .map(OrderDetails.OutboxStatus::of)
                        .orElseGet(() -> OrderDetails.OutboxStatus.removed(stored.outboxMessageId()))));
    }
}
