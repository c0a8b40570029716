/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rabbit;

import org.jspecify.annotations.Nullable;
import org.springframework.amqp.core.ReturnedMessage;

/**
 * RabbitMQ did not take a message: it returned it as unroutable or did not acknowledge it. The
 * message stays in the outbox and is retried.
 */
public final class RabbitDeliveryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * How a nack's reason starts when Spring AMQP nacked the pending confirms of a channel because its
     * connection shut down: the message of the connection's {@code ShutdownSignalException}, lost
     * ({@code connection error}) or closed by the application ({@code clean connection shutdown}). A channel
     * error of the message itself, such as {@code 404 NOT_FOUND} for a missing exchange, starts with
     * {@code channel error}.
     */
    private static final String[] CONNECTION_SHUTDOWN = { "connection error", "clean connection shutdown" };

    private final boolean connectionClosed;

    private RabbitDeliveryException(String message, boolean connectionClosed) {
        super(message);
        this.connectionClosed = connectionClosed;
    }

    /**
     * @param reason why the publish was nacked: null for a nack from the broker itself, else the shutdown of
     * the channel the publish was waiting on
     */
    static RabbitDeliveryException nacked(@Nullable String reason) {
        return new RabbitDeliveryException("nacked by the broker" + ((reason != null) ? ": " + reason : ""),
                reason != null && isConnectionShutdown(reason));
    }

    /**
     * @param returned the message the broker returned as unroutable
     */
    static RabbitDeliveryException returned(ReturnedMessage returned) {
        return new RabbitDeliveryException("returned by the broker: " + returned.getReplyText() + ", exchange '"
                + returned.getExchange() + "', routing key '" + returned.getRoutingKey() + "'", false);
    }

    /**
     * @return whether the publish was nacked because the connection to the broker closed, not for the message
     */
    boolean connectionClosed() {
        return this.connectionClosed;
    }

    private static boolean isConnectionShutdown(String reason) {
        for (String prefix : CONNECTION_SHUTDOWN) {
            if (reason.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
