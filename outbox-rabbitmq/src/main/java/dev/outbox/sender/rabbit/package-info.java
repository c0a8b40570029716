/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The RabbitMQ sender: {@link dev.outbox.sender.rabbit.RabbitMessageSender} publishes with publisher
 * confirms and mandatory returns through Spring AMQP's {@code RabbitTemplate}.
 */
@NullMarked
package dev.outbox.sender.rabbit;

import org.jspecify.annotations.NullMarked;
