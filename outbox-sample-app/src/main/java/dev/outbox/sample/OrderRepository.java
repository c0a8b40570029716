/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The {@code orders} table. Times are stored as UTC wall-clock values, whatever the JVM's zone.
 */
@Repository
class OrderRepository {

    private final JdbcClient jdbc;

    OrderRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Order order, long outboxMessageId) {
        this.jdbc.sql("""
                INSERT INTO orders (id, customer_id, product, quantity, created_at, outbox_message_id)
                VALUES (:id, :customerId, :product, :quantity, :createdAt, :outboxMessageId)
                """)
                .param("id", order.id())
                .param("customerId", order.customerId())
                .param("product", order.product())
                .param("quantity", order.quantity())
                .param("createdAt", LocalDateTime.ofInstant(order.createdAt(), ZoneOffset.UTC))
                .param("outboxMessageId", outboxMessageId)
                .update();
    }

    boolean exists(String id) {
        return this.jdbc.sql("SELECT COUNT(*) FROM orders WHERE id = :id").param("id", id).query(Long.class)
                .single() > 0;
    }

    void updateTrackingStep(String id, TrackingStep step) {
        this.jdbc.sql("UPDATE orders SET tracking_step = :step WHERE id = :id")
                .param("step", step.name())
                .param("id", id)
                .update();
    }

    Optional<StoredOrder> findById(String id) {
        return this.jdbc.sql("""
                SELECT id, customer_id, product, quantity, created_at, outbox_message_id
                FROM orders
                WHERE id = :id
                """)
                .param("id", id)
                .query((rs, row) -> new StoredOrder(
                        new Order(rs.getString("id"), rs.getString("customer_id"), rs.getString("product"),
                                rs.getInt("quantity"), toInstant(rs.getObject("created_at", LocalDateTime.class))),
                        rs.getLong("outbox_message_id")))
                .optional();
    }

    private static Instant toInstant(LocalDateTime utc) {
        return utc.toInstant(ZoneOffset.UTC);
    }

    /**
     * A row of the {@code orders} table.
     *
     * @param order the order
     * @param outboxMessageId the id of its {@code order.created} message
     */
    record StoredOrder(Order order, long outboxMessageId) {
    }
}
