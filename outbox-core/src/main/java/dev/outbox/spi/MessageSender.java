/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.spi;

import java.util.concurrent.CompletionStage;

/**
 * Delivers one outbox message to a broker.
 *
 * <p>The dispatcher calls {@link #send} for a whole batch before it waits for any result, so an
 * implementation must not block until the broker answers: it starts the send and returns a stage
 * that completes when the broker has confirmed the message (the row becomes SENT) or fails when it
 * has not (the row is retried). Throwing from {@code send} counts as a failed send.
 */
@FunctionalInterface
public interface MessageSender {

    /**
     * Starts sending a message.
     *
     * @param message the message to deliver
     * @return a stage completed with the id the broker assigned, once the broker has confirmed it
     */
    CompletionStage<String> send(OutgoingMessage message);

    /**
     * Whether sends of one ordering key that were started one after another, each before the one
     * before it was confirmed, reach the broker in the order they were started, and a send that fails
     * fails every later one of its key still in flight. Kafka's idempotent producer, which writes a key
     * to one partition, keeps that promise.
     *
     * <p>When true, the dispatcher starts the run of an ordering key's messages at once, as it does
     * for messages without a key. Otherwise it starts each message of a key only after the broker
     * confirmed the one before it, which is safe for every broker.
     *
     * @return whether pipelined sends of one ordering key keep their order; false unless overridden
     */
    default boolean keepsOrderOfPipelinedSends() {
        return false;
    }

    /**
     * Tells whose fault a failed send was. A failure of the {@link SendFailure#MESSAGE} spends one of its
     * attempts; one the broker {@link SendFailure#REJECTED} for good makes it FAILED at once; one where the
     * broker was {@link SendFailure#UNREACHABLE} pauses this sender's route instead, until a probe message
     * gets through, so that an outage neither spends the attempts of the messages that wait nor makes them
     * FAILED.
     *
     * <p>A sender whose broker client reports outages with exceptions of its own overrides this, starting
     * from {@link SendFailure#of}. When an error of either kind is ambiguous, the dispatcher settles it:
     * an unreachable failure next to a send of the same route that succeeded counts as the message's own.
     *
     * @param error why a send failed: what {@link #send} threw or failed its stage with, or a
     * {@link java.util.concurrent.TimeoutException} when the broker did not confirm within the send timeout
     * @return whose fault it was; {@link SendFailure#of} unless overridden
     */
    default SendFailure classify(Throwable error) {
        return SendFailure.of(error);
    }
}
