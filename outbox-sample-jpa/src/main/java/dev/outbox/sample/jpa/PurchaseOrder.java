/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample.jpa;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.jspecify.annotations.Nullable;

/**
 * An order, with a database-generated id ({@code IDENTITY}) and a unique order number.
 */
@Entity
@Table(name = "purchase_order")
public class PurchaseOrder {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private @Nullable Long id;

    @Column(name = "order_number", nullable = false, unique = true, length = 40)
    private String orderNumber;

    @Column(name = "customer_id", nullable = false, length = 40)
    private String customerId;

    @Column(nullable = false)
    private int quantity;

    /** For JPA. */
    protected PurchaseOrder() {
        this.orderNumber = "";
        this.customerId = "";
    }

    /**
     * @param orderNumber the order's number, unique
     * @param customerId who ordered
     * @param quantity how many
     */
    public PurchaseOrder(String orderNumber, String customerId, int quantity) {
        this.orderNumber = orderNumber;
        this.customerId = customerId;
        this.quantity = quantity;
    }

    /** @return the id the database gave it, null before it is inserted */
    public @Nullable Long getId() {
        return this.id;
    }

    /** @return its number */
    public String getOrderNumber() {
        return this.orderNumber;
    }

    /** @param orderNumber its new number */
    public void setOrderNumber(String orderNumber) {
        this.orderNumber = orderNumber;
    }

    /** @return who ordered */
    public String getCustomerId() {
        return this.customerId;
    }

    /** @return how many */
    public int getQuantity() {
        return this.quantity;
    }
}
