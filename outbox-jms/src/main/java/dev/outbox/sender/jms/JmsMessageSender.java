/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import java.util.concurrent.CompletionStage;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import jakarta.jms.CompletionListener;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.ResourceAllocationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends outbox messages through a Jakarta JMS 3.1 {@link ConnectionFactory}: a message counts as sent once the broker
 * confirmed its persistent send, and the row records its {@code JMSMessageID}.
 *
 * <p>The message's topic names the destination: {@code queue:<name>} a queue, {@code topic:<name>} a topic, and a
 * name without either prefix a queue, or a topic when the sender's default domain is publish-subscribe
 * ({@link Builder#pubSubDomain}). The message is a {@code TextMessage} with the body, sent persistently, with the
 * message type as {@code JMSType}, the ordering key as {@code JMSXGroupID} (so that a provider with message groups,
 * such as ActiveMQ Artemis, delivers a key's messages to one consumer of a queue, in order), and the headers of
 * {@link OutboxHeaders#of} as string properties whose names {@link JmsPropertyNames} makes valid for JMS:
 * {@code outbox_id}, {@code outbox_type}, {@code outbox_key}, the message's own headers and its trace headers.
 *
 * <p>The sender opens one connection and one session, on a thread of its own, since a JMS session may be used by
 * one thread at a time; it opens them again after they were lost. It sends asynchronously, with a
 * {@link CompletionListener}, so that a batch's sends are in flight together: the listener completes the send when
 * the broker confirmed it. It sends synchronously, one round trip per message, when told to
 * ({@link Builder#asyncSend}), when the provider throws {@link UnsupportedOperationException} for an asynchronous
 * send, and on an ActiveMQ Artemis connection factory without a {@code confirmationWindowSize}, whose client calls
 * the listener before the broker answered (set it in the broker URL, for example
 * {@code tcp://broker:61616?confirmationWindowSize=1048576}, for asynchronous sends).
 *
 * <p>JMS keeps the order of the messages one session sends to a destination, but a send that fails does not fail the
 * ones after it: {@link #keepsOrderOfPipelinedSends} is false, and the dispatcher sends a key's messages one after
 * another, each once the broker confirmed the one before.
 *
 * <p>Close the sender when the application stops: it closes its session and connection.
 */
public final class JmsMessageSender implements MessageSender, AutoCloseable {

    private static final Logger logger = LoggerFactory.getLogger(JmsMessageSender.class);

    private final ProducerThread producer;

    private JmsMessageSender(Builder builder) {
        boolean async = builder.asyncSend;
        if (async && ArtemisConfirmations.lackWindow(builder.connectionFactory)) {
            logger.warn("The outbox's JMS sender sends synchronously, one round trip per message: the ActiveMQ Artemis "
                    + "connection factory has no confirmationWindowSize, without which its client reports an "
                    + "asynchronous send as done before the broker confirmed it. Set one in the broker URL (for "
                    + "example tcp://broker:61616?confirmationWindowSize=1048576) to send asynchronously");
            async = false;
        }
        this.producer = new ProducerThread(new ProducerSession(builder.connectionFactory), builder.pubSubDomain,
                async);
    }

    /**
     * @param connectionFactory the factory to connect with; the sender opens one connection of its own
     * @return a builder of a sender that sends to queues by default, asynchronously where the provider can
     */
    public static Builder builder(ConnectionFactory connectionFactory) {
        return new Builder(connectionFactory);
    }

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        return this.producer.send(message);
    }

    /**
     * The broker was {@link SendFailure#UNREACHABLE} when the connection or the session could not be opened (refused,
     * timed out, or its credentials refused), when they were lost under a send (a JMS {@link IllegalStateException},
     * or ActiveMQ Artemis's exceptions for a connection not made, disconnected, closed, timed out or unblocked by
     * its failure), and when it cannot take messages for now (a {@link ResourceAllocationException}, or an Artemis
     * address full under the {@code FAIL} policy); so is every failure that {@link SendFailure#of} counts. The broker
     * {@link SendFailure#REJECTED} the message for good when its destination does not exist or is not one
     * ({@link InvalidDestinationException}, Artemis's "There is no queue with name" where auto-creation is off, a
     * topic with nothing after its prefix), when the sender's user may not send to it
     * ({@link JMSSecurityException}), or when the message cannot be represented ({@link MessageFormatException}).
     * Anything else is the message's own, and retried.
     */
    @Override
    public SendFailure classify(Throwable error) {
        if (JmsFailures.isConnectionLoss(error)) {
            return SendFailure.UNREACHABLE;
        }
        if (JmsFailures.isRejectedForGood(error)) {
            return SendFailure.REJECTED;
        }
        return JmsFailures.isBrokerFull(error) ? SendFailure.UNREACHABLE : SendFailure.MESSAGE;
    }

    /** Sends what was handed over, then closes the session and the connection. */
    @Override
    public void close() {
        this.producer.close();
    }

    /** Builds a {@link JmsMessageSender}. */
    public static final class Builder {

        private final ConnectionFactory connectionFactory;

        private boolean pubSubDomain;

        private boolean asyncSend = true;

        private Builder(ConnectionFactory connectionFactory) {
            this.connectionFactory = connectionFactory;
        }

        /**
         * @param pubSubDomain whether a topic without a {@code queue:} or {@code topic:} prefix names a topic rather
         * than a queue; false unless set
         * @return this builder
         */
        public Builder pubSubDomain(boolean pubSubDomain) {
            this.pubSubDomain = pubSubDomain;
            return this;
        }

        /**
         * @param asyncSend whether to send with a {@link CompletionListener}, many sends in flight together, where
         * the provider can; false sends each message synchronously; true unless set
         * @return this builder
         */
        public Builder asyncSend(boolean asyncSend) {
            this.asyncSend = asyncSend;
            return this;
        }

        /** @return the sender, which connects at its first send */
        public JmsMessageSender build() {
            return new JmsMessageSender(this);
        }
    }
}
