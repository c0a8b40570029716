/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

/**
 * A broker's server did not answer: phase B skips the broker, or fails when --brokers named it.
 */
final class BrokerUnavailableException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * @param message where the server was looked for, and what happened
     * @param cause the client's error
     */
    BrokerUnavailableException(String message, Throwable cause) {
        super(message + ": " + cause, cause);
    }
}
