/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.spi;

/**
 * Handles an outbox message in this process instead of sending it to a broker: the database is the
 * queue. The dispatcher claims the message like any other, with the same lease, retries, ordering
 * per key and FAILED handling, and calls the handler on a handler thread inside a new transaction
 * on the outbox's data source. The message is marked CONSUMED in that same transaction, so the
 * handler's own writes to the database and the mark commit together or not at all: when the handler
 * throws, or its lease ran out and another instance took the message over, everything rolls back and
 * the message is retried.
 *
 * <p>Effects outside the database (a call to another service, an e-mail) may still happen more than
 * once, as with any at-least-once delivery; make them idempotent, for example keyed by
 * {@link OutgoingMessage#key()}.
 */
@FunctionalInterface
public interface MessageHandler {

    /**
     * Handles one message. Returning normally means it was handled.
     *
     * @param message the message, with the attempt number (1 for the first)
     * @throws Exception when it could not be handled; the message is retried with back-off
     */
    void handle(OutgoingMessage message) throws Exception;
}
