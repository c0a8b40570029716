/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The RocketMQ sender: {@link dev.outbox.sender.rocketmq.RocketMqMessageSender} sends asynchronously
 * through the Apache RocketMQ client's {@code DefaultMQProducer}.
 */
@NullMarked
package dev.outbox.sender.rocketmq;

import org.jspecify.annotations.NullMarked;
