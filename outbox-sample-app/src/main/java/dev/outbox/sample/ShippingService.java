/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import dev.outbox.consumer.inbox.Consumption;
import dev.outbox.consumer.inbox.Inbox;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The consumer side of the sample: ships each order once, however often the broker delivers its
 * {@code order.created} message. The inbox records the order id (the business key, not the broker's
 * message id, which a redelivery or a re-publish changes) in the same transaction as the shipment,
 * so a duplicate finds the key and never ships twice.
 */
@Service
public class ShippingService {

    /** The consumer group of the shipping consumer in the inbox. */
    public static final String CONSUMER_GROUP = "shipping";

    private static final Logger logger = LoggerFactory.getLogger(ShippingService.class);

    private final Inbox inbox;

    private final JdbcClient jdbc;

    private final JsonMapper json;

    private final MeterRegistry meters;

    private final Clock clock = Clock.systemUTC();

    ShippingService(Inbox inbox, JdbcClient jdbc, JsonMapper json, MeterRegistry meters) {
        this.inbox = inbox;
        this.jdbc = jdbc;
        this.json = json;
        this.meters = meters;
    }

    /**
     * Ships the order of an {@code order.created} message, unless it was shipped already.
     *
     * @param orderCreatedJson the message body: the order as JSON
     * @return the shipment id, and whether this delivery was a duplicate
     */
    @Transactional
    public Consumption ship(String orderCreatedJson) {
        Order order = this.json.readValue(orderCreatedJson, Order.class);
        Consumption consumption = this.inbox.consume(CONSUMER_GROUP, order.id(), OrderService.ORDER_CREATED,
                () -> createShipment(order));
        this.meters.counter("sample.shipping.deliveries", "result", consumption.duplicate() ? "duplicate" : "new")
                .increment();
        if (consumption.duplicate()) {
            logger.info("Order {} was shipped already (shipment {}); duplicate delivery ignored", order.id(),
                    consumption.result());
        }
        return consumption;
    }

    private String createShipment(Order order) {
        String shipmentId = UUID.randomUUID().toString();
        this.jdbc.sql("""
                INSERT INTO shipments (id, order_id, product, quantity, created_at)
                VALUES (:id, :orderId, :product, :quantity, :createdAt)
                """)
                .param("id", shipmentId)
                .param("orderId", order.id())
                .param("product", order.product())
                .param("quantity", order.quantity())
                .param("createdAt", LocalDateTime.ofInstant(this.clock.instant(), ZoneOffset.UTC))
                .update();
        return shipmentId;
    }
}
