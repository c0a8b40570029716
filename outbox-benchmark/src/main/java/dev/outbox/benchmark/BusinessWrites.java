/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The bodies of a write transaction: the business row every variant inserts, the baseline's plain
 * INSERT of a message into a table of the outbox's shape, and the lean baseline's into the lean table.
 */
final class BusinessWrites {

    private static final String INSERT_ORDER = "INSERT INTO " + BenchmarkDatabase.ORDER_TABLE
            + " (customer, amount, created_at) VALUES (?, ?, ?)";

    private static final String INSERT_PLAIN = "INSERT INTO " + BenchmarkDatabase.PLAIN_TABLE
            + " (gmt_create, gmt_modified, message_key, message_type, topic, message_body, headers, ordering_key,"
            + " state, retry_count, next_retry_at, lock_version) VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, 'PENDING', 0, ?, 0)";

    private static final String INSERT_LEAN = "INSERT INTO " + BenchmarkDatabase.LEAN_TABLE
            + " (message_key, topic, message_body, status, created_at) VALUES (?, ?, ?, " + LeanDrain.PENDING + ", ?)";

    private final JdbcTemplate jdbc;

    BusinessWrites(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void insertOrder(long n) {
        this.jdbc.update(INSERT_ORDER, "customer-" + (n % 10_000), BigDecimal.valueOf(1000 + n % 99_000, 2),
                LocalDateTime.now(ZoneOffset.UTC));
    }

    void insertPlainMessage(String key, String body) {
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        this.jdbc.update(INSERT_PLAIN, now, now, key, Payloads.TYPE, Payloads.TOPIC, body, now);
    }

    void insertLeanMessage(String key, String body) {
        this.jdbc.update(INSERT_LEAN, key, Payloads.TOPIC, body, LocalDateTime.now(ZoneOffset.UTC));
    }

    static String body(long n) {
        return Payloads.orderCreated(n, Instant.now());
    }
}
