/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rocketmq;

import org.jspecify.annotations.Nullable;

/**
 * A RocketMQ send that did not go through, for a reason the RocketMQ client does not tell apart by its own
 * exceptions: the broker answered with a status other than {@code SEND_OK} and did not confirm that the message
 * is stored as its configuration requires (the message is retried; the broker may have kept the first copy, so
 * a consumer may see it twice), or the message breaks a rule of the client that no retry can change, such as a
 * topic name RocketMQ does not allow or a body over the producer's {@code maxMessageSize} (rejected for good).
 */
public final class RocketMqDeliveryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Whether no retry can change the outcome: the client refuses the message for good. */
    private final boolean rejectedForGood;

    private RocketMqDeliveryException(String message, @Nullable Throwable cause, boolean rejectedForGood) {
        super(message, cause);
        this.rejectedForGood = rejectedForGood;
    }

    /**
     * @param message what the broker answered
     */
    static RocketMqDeliveryException notConfirmed(String message) {
        return new RocketMqDeliveryException(message, null, false);
    }

    /**
     * @param message why the client refuses the message
     * @param cause the client's own exception
     */
    static RocketMqDeliveryException rejected(String message, Throwable cause) {
        return new RocketMqDeliveryException(message, cause, true);
    }

    /**
     * @return whether no retry can send the message
     */
    boolean rejectedForGood() {
        return this.rejectedForGood;
    }
}
