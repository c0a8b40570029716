/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample.jpa;

import java.util.List;
import java.util.Map;

import dev.outbox.OutboxTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Places orders: each order entity and its {@code order.placed} message in one JPA transaction.
 */
@Service
public class JpaOrderService {

    /** The type of the message of a placed order. */
    public static final String ORDER_PLACED = "order.placed";

    /** The type of the message of a renumbered order. */
    public static final String ORDER_RENUMBERED = "order.renumbered";

    private final PurchaseOrderRepository orders;

    private final OutboxTemplate outbox;

    JpaOrderService(PurchaseOrderRepository orders, OutboxTemplate outbox) {
        this.orders = orders;
        this.outbox = outbox;
    }

    /**
     * @return the saved order, its id given by the database at insert
     */
    @Transactional
    public PurchaseOrder place(String orderNumber, String customerId, int quantity) {
        PurchaseOrder order = this.orders.save(new PurchaseOrder(orderNumber, customerId, quantity));
        this.outbox.message(ORDER_PLACED).key(orderNumber).topic("orders").orderingKey(customerId)
                .payload(Map.of("orderId", order.getId(), "orderNumber", orderNumber, "quantity", quantity))
                .save();
        return order;
    }

    /**
     * Places several orders in one transaction, so that Hibernate may batch their writes.
     *
     * @param orderNumbers the orders' numbers
     * @return the saved orders
     */
    @Transactional
    public List<PurchaseOrder> placeAll(List<String> orderNumbers, String customerId) {
        return orderNumbers.stream().map(number -> place(number, customerId, 1)).toList();
    }

    /**
     * Gives an order a new number, and says so in a message. Hibernate writes the change when the transaction
     * flushes at commit, so a number another order has fails there, after the message was saved.
     */
    @Transactional
    public void renumber(String orderNumber, String newNumber) {
        PurchaseOrder order = this.orders.findByOrderNumber(orderNumber)
                .orElseThrow(() -> new IllegalArgumentException("no order " + orderNumber));
        order.setOrderNumber(newNumber);
        this.outbox.save(ORDER_RENUMBERED, newNumber, "orders", "{\"from\":\"" + orderNumber + "\"}");
    }

    /**
     * Places an order and then fails, as a business rule checked late would.
     *
     * @throws IllegalStateException always, after the order and its message were saved
     */
    @Transactional
    public void placeThenFail(String orderNumber, String customerId) {
        place(orderNumber, customerId, 1);
        throw new IllegalStateException("the order was refused after it was saved");
    }

    /**
     * A mistake: a save in a read-only transaction, which the outbox refuses.
     */
    @Transactional(readOnly = true)
    public void saveInReadOnlyTransaction(String orderNumber) {
        this.outbox.save(ORDER_PLACED, orderNumber, "orders", "{}");
    }
}
