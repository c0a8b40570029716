/**
 * The RocketMQ sender: {@link dev.outbox.sender.rocketmq.RocketMqMessageSender} sends asynchronously
 * through the Apache RocketMQ client's {@code DefaultMQProducer}.
 */
@NullMarked
package dev.outbox.sender.rocketmq;

import org.jspecify.annotations.NullMarked;
