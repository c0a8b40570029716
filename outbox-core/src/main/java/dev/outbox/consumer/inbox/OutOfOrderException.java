/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.inbox;

/**
 * A sequenced message arrived before an earlier one of its ordering key, so {@link Inbox#consumeInOrder} did not
 * run it: it is held until the earlier ones have run. Let it roll the consumer's transaction back and reach the
 * listener's container, so that the message is delivered again later: RabbitMQ requeues a message whose
 * listener threw, Spring Kafka's error handler seeks back to the record and retries it (give it a back-off with
 * no end, or it skips the record after its attempts), and the outbox's handlers and pulled messages are retried
 * with back-off.
 */
public final class OutOfOrderException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The consumer group that consumes the key in order. */
    private final String consumerGroup;

    /** The ordering key whose earlier message is missing. */
    private final String orderingKey;

    /** The number the group consumes next: one more than the last it consumed. */
    private final long expected;

    /** The number of the message that arrived. */
    private final long received;

    /**
     * @param consumerGroup the consumer group
     * @param orderingKey the ordering key
     * @param expected the number the group consumes next
     * @param received the number of the message that arrived, greater than {@code expected}
     */
    public OutOfOrderException(String consumerGroup, String orderingKey, long expected, long received) {
        super("Consumer group '" + consumerGroup + "' holds message " + received + " of ordering key '" + orderingKey
                + "' until message " + expected + " has been consumed; roll back and let it be delivered again");
        this.consumerGroup = consumerGroup;
        this.orderingKey = orderingKey;
        this.expected = expected;
        this.received = received;
    }

    /**
     * @return the consumer group that consumes the key in order
     */
    public String consumerGroup() {
        return this.consumerGroup;
    }

    /**
     * @return the ordering key whose earlier message is missing
     */
    public String orderingKey() {
        return this.orderingKey;
    }

    /**
     * @return the number the group consumes next: one more than the last it consumed
     */
    public long expected() {
        return this.expected;
    }

    /**
     * @return the number of the message that arrived
     */
    public long received() {
        return this.received;
    }
}
