/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;

import dev.outbox.OutboxTemplate;
import dev.outbox.SaveResult;
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

    private final OrderRepository orders;

    private final OutboxTemplate outbox;

    private final Clock clock = Clock.systemUTC();

    OrderService(OrderRepository orders, OutboxTemplate outbox) {
        this.orders = orders;
        this.outbox = outbox;
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
