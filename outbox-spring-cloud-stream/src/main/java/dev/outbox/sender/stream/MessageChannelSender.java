/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.springframework.integration.channel.ExecutorChannel;
import org.springframework.integration.channel.FluxMessageChannel;
import org.springframework.integration.support.context.NamedComponent;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.PollableChannel;

/**
 * Sends outbox messages to a Spring Messaging {@link MessageChannel}, such as the input of a Spring Integration flow
 * that ends in an outbound adapter: a message counts as sent once {@code send} returned true without an exception,
 * and records {@code outbox-<outbox id>}, since a channel returns no broker id.
 *
 * <p>That return is the broker's confirmation only if the flow runs on the caller's thread and hands the message to
 * the broker and waits for its confirmation before it returns: a direct channel to, for example, a Kafka outbound
 * adapter with {@code sync(true)}, an AMQP outbound adapter that waits for the publisher confirm, or a JMS outbound
 * adapter. A channel that only buffers the message (a queue channel, an executor channel, a reactive channel) is
 * refused when the sender is built; a publish-subscribe channel with an executor, or a flow that passes the message
 * to another thread further on, cannot be told apart and must not be used.
 *
 * <p>The message is the body's UTF-8 bytes with the headers of {@link dev.outbox.sender.OutboxHeaders#of}. The sends
 * are synchronous, so a key's messages go out in order; {@link #keepsOrderOfPipelinedSends} is false, which costs
 * nothing here.
 */
public final class MessageChannelSender implements MessageSender {

    private final MessageChannel channel;

    /**
     * @param channel the channel to send to, whose flow confirms each message before it returns
     * @throws IllegalArgumentException when the channel only buffers messages for another thread
     */
    public MessageChannelSender(MessageChannel channel) {
        if (channel instanceof PollableChannel || channel instanceof ExecutorChannel
                || channel instanceof FluxMessageChannel) {
            throw new IllegalArgumentException("The outbox's channel sender needs a channel whose flow runs on the "
                    + "sending thread, so that a return means the broker confirmed the message, but "
                    + channel.getClass().getSimpleName() + " '" + name(channel) + "' only buffers messages for another "
                    + "thread: send to a direct channel whose flow ends in an outbound adapter that waits for the "
                    + "broker's confirmation");
        }
        this.channel = channel;
    }

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        try {
            if (!this.channel.send(SpringMessages.of(message).build())) {
                throw new StreamDeliveryException("The channel '" + name(this.channel) + "' did not take the message",
                        SendFailure.UNREACHABLE);
            }
            return CompletableFuture.completedFuture(SpringMessages.outboxMessageId(message));
        }
        catch (RuntimeException ex) {
            return CompletableFuture.failedFuture(ex);
        }
    }

    private static String name(MessageChannel channel) {
        return (channel instanceof NamedComponent named && named.getComponentName() != null) ? named.getComponentName()
                : channel.toString();
    }

    /**
     * A channel with no subscriber (a flow stopped) is {@link SendFailure#UNREACHABLE}; so are the RabbitMQ and Kafka
     * clients' connection failures and timeouts that a flow's adapter throws, and a Kafka record too large or not
     * serializable is {@link SendFailure#REJECTED}, as {@link StreamBridgeMessageSender#classify} says; anything else
     * is what {@link SendFailure#of} says.
     */
    @Override
    public SendFailure classify(Throwable error) {
        return SendFailures.classify(error);
    }
}
