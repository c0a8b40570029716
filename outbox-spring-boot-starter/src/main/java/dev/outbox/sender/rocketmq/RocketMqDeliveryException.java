/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rocketmq;

/**
 * The RocketMQ broker answered a send with a status other than {@code SEND_OK}: it did not confirm
 * that the message is stored as its configuration requires. The message stays in the outbox and is
 * retried; the broker may have kept the first copy, so a consumer may see it twice.
 */
public final class RocketMqDeliveryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    RocketMqDeliveryException(String message) {
        super(message);
    }
}
