/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

/**
 * A broker's server did not answer, or cannot run here: phase B skips the broker, or fails when --brokers named
 * it.
 */
final class BrokerUnavailableException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * @param message why the broker cannot run here, and what to do instead
     */
    BrokerUnavailableException(String message) {
        super(message);
    }

    /**
     * @param message where the server was looked for, and what happened
     * @param cause the client's error
     */
    BrokerUnavailableException(String message, Throwable cause) {
        super(message + ": " + cause, cause);
    }
}
