/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rabbit;

import dev.outbox.spi.SendFailure;
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

    /** How the reason of a nack starts when the broker closed the channel because the exchange does not exist. */
    private static final String MISSING_EXCHANGE = "reply-code=404";

    /** Whose fault the failure was, decided once from the nack's reason or the return. */
    private final SendFailure failure;

    private RabbitDeliveryException(String message, SendFailure failure) {
        super(message);
        this.failure = failure;
    }

    /**
     * @param reason why the publish was nacked: null for a nack from the broker itself, else the shutdown of
     * the channel the publish was waiting on
     */
    static RabbitDeliveryException nacked(@Nullable String reason) {
        return new RabbitDeliveryException("nacked by the broker" + ((reason != null) ? ": " + reason : ""),
                failureOf(reason));
    }

    /**
     * @param returned the message the broker returned as unroutable
     */
    static RabbitDeliveryException returned(ReturnedMessage returned) {
        return new RabbitDeliveryException("returned by the broker: " + returned.getReplyText() + ", exchange '"
                + returned.getExchange() + "', routing key '" + returned.getRoutingKey() + "'", SendFailure.MESSAGE);
    }

    /**
     * @return whose fault the publish's failure was: {@link SendFailure#UNREACHABLE} for a nack because the
     * connection to the broker closed, {@link SendFailure#REJECTED} for a nack because the exchange does not
     * exist ({@code 404 NOT_FOUND}, which no retry fixes), else the message's own: a nack from the broker, or a
     * return as unroutable, which a binding added later fixes
     */
    SendFailure failure() {
        return this.failure;
    }

    private static SendFailure failureOf(@Nullable String reason) {
        if (reason == null) {
            return SendFailure.MESSAGE;
        }
        if (isConnectionShutdown(reason)) {
            return SendFailure.UNREACHABLE;
        }
        return reason.contains(MISSING_EXCHANGE) ? SendFailure.REJECTED : SendFailure.MESSAGE;
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
