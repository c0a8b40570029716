/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rocketmq;

import java.util.List;

import org.apache.rocketmq.client.producer.MessageQueueSelector;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;

/**
 * Chooses a topic's message queue by the ordering key, passed as the selector's argument: the key's
 * {@link String#hashCode()}, which Java specifies and so is the same in every JVM, modulo the number
 * of queues. One ordering key always goes to the same queue while the topic's queues stay the same,
 * and a queue keeps its messages in the order they were sent.
 */
final class OrderingKeySelector implements MessageQueueSelector {

    @Override
    public MessageQueue select(List<MessageQueue> queues, Message message, Object orderingKey) {
        return queues.get(Math.floorMod(orderingKey.hashCode(), queues.size()));
    }
}
