/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rocketmq;

import java.util.List;
import java.util.stream.IntStream;

import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The queue of an ordering key.
 */
class OrderingKeySelectorTests {

    private final OrderingKeySelector selector = new OrderingKeySelector();

    private final List<MessageQueue> queues = IntStream.range(0, 4)
            .mapToObj(id -> new MessageQueue("orders", "broker-a", id)).toList();

    private final Message message = new Message("orders", new byte[] { 1 });

    @Test
    void aKeyGetsTheQueueOfItsHashModuloTheNumberOfQueues() {
        // "customer-7".hashCode() is fixed by the Java language, so every instance picks the same queue.
        assertThat(this.selector.select(this.queues, this.message, "customer-7"))
                .isEqualTo(this.queues.get(Math.floorMod("customer-7".hashCode(), 4)))
                .isEqualTo(this.selector.select(this.queues, this.message, "customer-7"));
    }

    @Test
    void aKeyWhoseHashIsTheSmallestIntegerStillGetsAQueue() {
        // Math.abs(Integer.MIN_VALUE) is negative, which breaks a selector built on it.
        assertThat("polygenelubricants".hashCode()).isEqualTo(Integer.MIN_VALUE);

        assertThat(this.selector.select(this.queues, this.message, "polygenelubricants")).isEqualTo(this.queues.get(0));
    }
}
