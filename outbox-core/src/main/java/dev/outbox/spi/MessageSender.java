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
}
