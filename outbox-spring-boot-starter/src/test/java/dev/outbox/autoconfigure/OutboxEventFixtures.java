/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import javax.sql.DataSource;

import dev.outbox.events.OutboxEvent;
import dev.outbox.events.OutboxEventRoute;
import dev.outbox.events.OutboxEventRouter;
import dev.outbox.message.StoredMessage;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The events of the application-event tests, the service that publishes them with its business row, and what
 * the tests read back.
 */
final class OutboxEventFixtures {

    /** The business table of {@link OrderService}. */
    static final String CREATE_ORDERS_TABLE =
            "CREATE TABLE IF NOT EXISTS placed_order (order_id VARCHAR(64) PRIMARY KEY)";

    private OutboxEventFixtures() {
    }

    /** An event of the application's own, marked to be saved to the outbox. */
    record OrderPlaced(String orderId, String customerId, int total) implements OutboxEvent {

        @Override
        public String outboxType() {
            return "order.placed";
        }

        @Override
        public String outboxKey() {
            return this.orderId;
        }

        @Override
        public String outboxTopic() {
            return "orders";
        }

        @Override
        public String outboxOrderingKey() {
            return this.customerId;
        }
    }

    /** An event of a class the application does not change, saved through {@link #paymentRouter()}. */
    record PaymentReceived(String paymentId, String accountId) {
    }

    /** An event that is neither marked nor routed. */
    record OrderViewed(String orderId) {
    }

    /**
     * @return the router that selects {@link PaymentReceived} events, ordered by their account
     */
    static OutboxEventRouter paymentRouter() {
        return event -> (event instanceof PaymentReceived payment)
                ? OutboxEventRoute.of("payment.received", payment.paymentId(), "payments", payment)
                        .orderedBy(payment.accountId())
                : null;
    }

    /**
     * Places an order as an application service does: a business row and an event, in one {@code @Transactional}
     * method.
     */
    public static class OrderService {

        private final JdbcTemplate jdbc;

        private final ApplicationEventPublisher events;

        public OrderService(DataSource dataSource, ApplicationEventPublisher events) {
            this.jdbc = new JdbcTemplate(dataSource);
            this.events = events;
        }

        @Transactional
        public void place(OrderPlaced order) {
            this.jdbc.update("INSERT INTO placed_order (order_id) VALUES (?)", order.orderId());
            this.events.publishEvent(order);
        }

        @Transactional
        public void placeAndFail(OrderPlaced order) {
            place(order);
            throw new IllegalStateException("the order's payment was refused");
        }
    }

    /**
     * Publishes an event in a transaction of the context's transaction manager.
     */
    static void publishInTransaction(ApplicationContext context, Object event) {
        new TransactionTemplate(context.getBean(PlatformTransactionManager.class))
                .executeWithoutResult(status -> context.publishEvent(event));
    }

    static int messageCount(ApplicationContext context, String key) {
        Integer count = jdbc(context).queryForObject("SELECT COUNT(*) FROM local_message WHERE message_key = ?",
                Integer.class, key);
        return (count != null) ? count : 0;
    }

    static StoredMessage message(ApplicationContext context, String type, String key) {
        Long id = jdbc(context).queryForObject(
                "SELECT id FROM local_message WHERE message_type = ? AND message_key = ?", Long.class, type, key);
        return OutboxContexts.stored(context, (id != null) ? id : -1);
    }

    static boolean orderExists(ApplicationContext context, String orderId) {
        Integer count = jdbc(context).queryForObject("SELECT COUNT(*) FROM placed_order WHERE order_id = ?",
                Integer.class, orderId);
        return count != null && count > 0;
    }

    private static JdbcTemplate jdbc(ApplicationContext context) {
        return new JdbcTemplate(context.getBean(DataSource.class));
    }
}
