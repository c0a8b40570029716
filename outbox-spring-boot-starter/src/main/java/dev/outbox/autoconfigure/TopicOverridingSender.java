/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.concurrent.CompletionStage;

import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;

/**
 * Sends every message through another sender to one destination, whatever topic it was saved with:
 * the sender of a route with {@code outbox.routes.<type>.topic}. Whether it keeps the order of pipelined sends
 * and whose fault a failure was are the delegate's answers.
 *
 * @param topic the destination of every message
 * @param delegate the sender that delivers them
 */
record TopicOverridingSender(String topic, MessageSender delegate) implements MessageSender {

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        return this.delegate.send(new OutgoingMessage(message.id(), message.key(), message.type(), this.topic,
                message.orderingKey(), message.headers(), message.body(), message.attempt()));
    }

    @Override
    public boolean keepsOrderOfPipelinedSends() {
        return this.delegate.keepsOrderOfPipelinedSends();
    }

    @Override
    public SendFailure classify(Throwable error) {
        return this.delegate.classify(error);
    }
}
