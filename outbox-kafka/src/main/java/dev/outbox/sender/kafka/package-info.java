/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The Kafka sender: {@link dev.outbox.sender.kafka.KafkaMessageSender} sends through Spring for
 * Apache Kafka's {@code KafkaTemplate}.
 */
@NullMarked
package dev.outbox.sender.kafka;

import org.jspecify.annotations.NullMarked;
