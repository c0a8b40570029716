/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rabbit;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.util.concurrent.TimeoutException;

import com.rabbitmq.client.ShutdownSignalException;
import dev.outbox.spi.SendFailure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.amqp.AmqpIOException;
import org.springframework.amqp.AmqpTimeoutException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the RabbitMQ sender tells an unreachable broker from a message's own failure, on the shapes a real broker
 * produced (RabbitOutageTests shows them end to end): a refused connection, a connection lost under a publish or
 * its pending confirm, and a channel closed because of the message.
 */
class RabbitMessageSenderTests {

    private static final String MISSING_EXCHANGE = "channel error; protocol method: #method<channel.close>"
            + "(reply-code=404, reply-text=NOT_FOUND - no exchange 'missing' in vhost '/', class-id=60, method-id=40)";

    private final CachingConnectionFactory connections = new CachingConnectionFactory("127.0.0.1", 9);

    private final RabbitMessageSender sender = new RabbitMessageSender(mandatoryTemplate());

    @AfterEach
    void destroyConnections() {
        this.connections.destroy();
    }

    @Test
    void aRefusedTimedOutOrLostConnectionIsAnUnreachableBroker() {
        assertThat(this.sender.classify(new AmqpConnectException(new ConnectException("Connection refused"))))
                .isEqualTo(SendFailure.UNREACHABLE);
        assertThat(this.sender.classify(new AmqpTimeoutException("no channel", new TimeoutException())))
                .isEqualTo(SendFailure.UNREACHABLE);
        // A publish on a connection the client has just lost.
        ShutdownSignalException lost = new ShutdownSignalException(true, false, null, null);
        lost.initCause(new EOFException());
        assertThat(this.sender.classify(new AmqpIOException(new IOException(lost)))).isEqualTo(SendFailure.UNREACHABLE);
        // A publish waiting for its confirm when the connection was lost.
        assertThat(this.sender.classify(RabbitDeliveryException.nacked("connection error")))
                .isEqualTo(SendFailure.UNREACHABLE);
        assertThat(this.sender.classify(RabbitDeliveryException.nacked("clean connection shutdown")))
                .isEqualTo(SendFailure.UNREACHABLE);
    }

    @Test
    void aMissingExchangeIsRejectedAndANackAndAReturnAreTheMessagesOwnFailure() {
        assertThat(this.sender.classify(RabbitDeliveryException.nacked(MISSING_EXCHANGE)))
                .isEqualTo(SendFailure.REJECTED);
        assertThat(this.sender.classify(RabbitDeliveryException.nacked(null))).isEqualTo(SendFailure.MESSAGE);
        assertThat(this.sender.classify(RabbitDeliveryException.returned(new ReturnedMessage(
                new Message(new byte[0]), 312, "NO_ROUTE", "orders", "order-1")))).isEqualTo(SendFailure.MESSAGE);
        ShutdownSignalException channelClosed = new ShutdownSignalException(false, false, null, null);
        assertThat(this.sender.classify(new AmqpIOException(new IOException(channelClosed))))
                .isEqualTo(SendFailure.MESSAGE);
    }

    private RabbitTemplate mandatoryTemplate() {
        this.connections.setPublisherConfirmType(CachingConnectionFactory.ConfirmType.CORRELATED);
        this.connections.setPublisherReturns(true);
        RabbitTemplate template = new RabbitTemplate(this.connections);
        template.setMandatory(true);
        return template;
    }
}
