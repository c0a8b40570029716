/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample.jpa;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

/**
 * The orders, through Spring Data JPA.
 */
public interface PurchaseOrderRepository extends JpaRepository<PurchaseOrder, Long> {

    /**
     * @param orderNumber an order's number
     * @return the order of that number, if any
     */
    Optional<PurchaseOrder> findByOrderNumber(String orderNumber);
}
