/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.time.Instant;

/**
 * The messages the benchmark saves: an order event of about 200 bytes of JSON.
 */
final class Payloads {

    static final String TYPE = "order.created";

    static final String TOPIC = "orders";

    private Payloads() {
    }

    static String key(String prefix, long n) {
        return prefix + "-" + n;
    }

    static String orderCreated(long n, Instant at) {
        return "{\"orderId\":\"order-%08d\",\"customerId\":\"customer-%04d\",\"amount\":\"%d.%02d\",\"currency\":\"EUR\","
                .formatted(n, n % 10_000, 10 + n % 990, n % 100)
                + "\"items\":[{\"sku\":\"SKU-%05d\",\"quantity\":2},{\"sku\":\"SKU-%05d\",\"quantity\":1}],"
                        .formatted(n % 50_000, (n + 7) % 50_000)
                + "\"createdAt\":\"" + at + "\"}";
    }
}
