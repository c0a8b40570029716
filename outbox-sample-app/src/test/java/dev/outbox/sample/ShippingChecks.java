/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Duration;

import dev.outbox.message.StoredMessage;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the broker profiles check of the shipping consumer: the delivered message ships its order,
 * and the same message delivered again ships nothing more.
 */
final class ShippingChecks {

    private ShippingChecks() {
    }

    static void shipsOnceAcrossARedelivery(JdbcClient jdbc, MeterRegistry meters, StoredMessage message,
            Runnable redeliver) {
        String orderId = message.messageKey();
        await().atMost(Duration.ofSeconds(20)).until(() -> shipments(jdbc, orderId) == 1);
        double duplicatesBefore = duplicates(meters);

        redeliver.run();

        await().atMost(Duration.ofSeconds(20)).until(() -> duplicates(meters) > duplicatesBefore);
        assertThat(shipments(jdbc, orderId)).isOne();
        assertThat(jdbc.sql("SELECT COUNT(*) FROM consumed_message WHERE consumer_group = ? AND idempotency_key = ?")
                .params(ShippingService.CONSUMER_GROUP, orderId).query(Long.class).single()).isOne();
    }

    private static long shipments(JdbcClient jdbc, String orderId) {
        return jdbc.sql("SELECT COUNT(*) FROM shipments WHERE order_id = ?").param(orderId).query(Long.class).single();
    }

    private static double duplicates(MeterRegistry meters) {
        Counter counter = meters.find("sample.shipping.deliveries").tag("result", "duplicate").counter();
        return (counter != null) ? counter.count() : 0;
    }
}
