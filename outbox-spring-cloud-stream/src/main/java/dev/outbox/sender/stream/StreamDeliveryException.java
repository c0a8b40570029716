/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import dev.outbox.spi.SendFailure;

/**
 * A message was not confirmed by its broker through Spring Cloud Stream or a message channel: the broker nacked or
 * returned it, the binder did not report the broker's answer, or the binding cannot report one with its settings
 * (the message says which setting to change). It carries whose fault that was, so that
 * {@link StreamBridgeMessageSender#classify} and {@link MessageChannelSender#classify} need not guess.
 */
public final class StreamDeliveryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Whose fault the failure was. */
    private final SendFailure failure;

    StreamDeliveryException(String message, SendFailure failure) {
        super(message);
        this.failure = failure;
    }

    /**
     * @return whose fault the failure was: {@link SendFailure#UNREACHABLE} when the connection to the broker was
     * lost or nothing took the message, {@link SendFailure#REJECTED} when the broker refused it for good, else the
     * message's own
     */
    public SendFailure failure() {
        return this.failure;
    }
}
