/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.function.LongConsumer;

import dev.outbox.MessageBuilder;
import dev.outbox.OutboxTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The application's business transaction number n: insert an order row and save its order.created
 * message through the outbox, with the key {@code prefix-n} and the ordering key n has, if any, sequenced
 * within it if asked. Joins the caller's transaction if there is one.
 */
final class OrderTransaction implements LongConsumer {

    private final TransactionTemplate transactions;

    private final OutboxTemplate outbox;

    private final BusinessWrites writes;

    private final String keyPrefix;

    private final OrderingKeys orderingKeys;

    private final boolean sequenced;

    OrderTransaction(OutboxInstance instance, String keyPrefix, OrderingKeys orderingKeys) {
        this(instance, keyPrefix, orderingKeys, false);
    }

    /**
     * @param sequenced whether each message takes the next number of its ordering key ({@code sequenced()})
     */
    OrderTransaction(OutboxInstance instance, String keyPrefix, OrderingKeys orderingKeys, boolean sequenced) {
        this.transactions = instance.transactions();
        this.outbox = instance.template();
        this.writes = new BusinessWrites(new JdbcTemplate(instance.pool()));
        this.keyPrefix = keyPrefix;
        this.orderingKeys = orderingKeys;
        this.sequenced = sequenced;
    }

    @Override
    public void accept(long n) {
        this.transactions.executeWithoutResult(status -> {
            this.writes.insertOrder(n);
            MessageBuilder message = this.outbox.message(Payloads.TYPE).key(key(n)).topic(Payloads.TOPIC)
                    .orderingKey(this.orderingKeys.of(n)).payload(BusinessWrites.body(n));
            (this.sequenced ? message.sequenced() : message).save();
        });
    }

    /**
     * @param n the transaction's number
     * @return the key of the message it saves
     */
    String key(long n) {
        return Payloads.key(this.keyPrefix, n);
    }
}
