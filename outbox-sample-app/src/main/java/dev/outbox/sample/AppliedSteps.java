/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The {@code tracking_step} table: the tracking steps the shipping side applied. Times are stored as UTC
 * wall-clock values, whatever the JVM's zone.
 */
@Repository
class AppliedSteps {

    private final JdbcClient jdbc;

    AppliedSteps(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(String orderId, AppliedStep step) {
        this.jdbc.sql("""
                INSERT INTO tracking_step (order_id, sequence_number, step, applied_at)
                VALUES (:orderId, :sequence, :step, :appliedAt)
                """)
                .param("orderId", orderId)
                .param("sequence", step.sequence())
                .param("step", step.step().name())
                .param("appliedAt", LocalDateTime.ofInstant(step.appliedAt(), ZoneOffset.UTC))
                .update();
    }

    List<AppliedStep> of(String orderId) {
        return this.jdbc.sql("""
                SELECT sequence_number, step, applied_at
                FROM tracking_step
                WHERE order_id = :orderId
                ORDER BY sequence_number
                """)
                .param("orderId", orderId)
                .query((rs, row) -> new AppliedStep(rs.getLong("sequence_number"),
                        TrackingStep.valueOf(rs.getString("step")),
                        rs.getObject("applied_at", LocalDateTime.class).toInstant(ZoneOffset.UTC)))
                .list();
    }
}
