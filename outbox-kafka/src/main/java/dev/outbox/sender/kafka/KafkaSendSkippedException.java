/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.kafka;

/**
 * A message was not handed to the Kafka producer because a send to its topic had just failed
 * waiting for the broker. {@link KafkaMessageSender#classify} counts it as the broker being unreachable, so
 * the message waits for the route to resume without spending an attempt.
 */
public final class KafkaSendSkippedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    KafkaSendSkippedException(String topic, Throwable recentFailure) {
        super("not sent: a send to topic '" + topic + "' just failed waiting for the broker (" + recentFailure
                + "), so sends to it fail at once for max.block.ms instead of each waiting that long", recentFailure);
    }
}
