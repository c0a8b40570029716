/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rabbit;

/**
 * RabbitMQ did not take a message: it returned it as unroutable or did not acknowledge it. The
 * message stays in the outbox and is retried.
 */
public final class RabbitDeliveryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    RabbitDeliveryException(String message) {
        super(message);
    }
}
