/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rabbit;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import com.rabbitmq.client.ShutdownSignalException;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.AmqpTimeoutException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * Publishes outbox messages to RabbitMQ with publisher confirms and mandatory returns: a message
 * counts as sent only when the broker confirmed it and did not return it as unroutable.
 *
 * <p>The message's topic is the exchange; the routing key is the one configured for the message's
 * type, else the ordering key, else the message key.
 * The AMQP message id is {@code outbox-<outbox id>}, which is also the id the row records. The
 * message has the type, content type {@code application/json}, persistent delivery, and the
 * headers of {@link OutboxHeaders#of}.
 *
 * <p>The template's connection factory must use correlated publisher confirms and publisher
 * returns, and the template must be mandatory; in Spring Boot: {@code spring.rabbitmq.publisher-confirm-type=correlated}
 * and {@code spring.rabbitmq.publisher-returns=true}.
 *
 * <p>A lost or refused connection counts as the broker being unreachable ({@link #classify}): the dispatcher
 * pauses the route and the messages wait without spending attempts. A message the broker returns or refuses,
 * for example one sent to a missing exchange, spends an attempt.
 */
public final class RabbitMessageSender implements MessageSender {

    private static final String MESSAGE_ID_PREFIX = "outbox-";

    private final RabbitTemplate template;

    private final Map<String, String> routingKeysByType;

    /**
     * @param template the template to publish with
     * @throws IllegalStateException when the template does not have confirms, returns and mandatory on
     */
    public RabbitMessageSender(RabbitTemplate template) {
        this(template, Map.of());
    }

    /**
     * @param template the template to publish with
     * @param routingKeysByType the routing key of each message type that has one of its own
     * @throws IllegalStateException when the template does not have confirms, returns and mandatory on
     */
    public RabbitMessageSender(RabbitTemplate template, Map<String, String> routingKeysByType) {
        requireConfirmsAndReturns(template);
        this.template = template;
        this.routingKeysByType = Map.copyOf(routingKeysByType);
    }

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        String messageId = MESSAGE_ID_PREFIX + message.id();
        CorrelationData correlation = new CorrelationData(messageId);
        try {
            this.template.send(message.topic(), routingKey(message), toAmqp(message, messageId), correlation);
        }
        catch (AmqpException ex) {
            return CompletableFuture.failedFuture(ex);
        }
        return correlation.getFuture().thenApply(confirm -> {
            if (!confirm.ack()) {
                // A nack from the broker itself has no reason; one for a closed channel names the close.
                throw RabbitDeliveryException.nacked(confirm.reason());
            }
            ReturnedMessage returned = correlation.getReturned();
            if (returned != null) {
                throw RabbitDeliveryException.returned(returned);
            }
            return messageId;
        });
    }

    /**
     * The broker was {@link SendFailure#UNREACHABLE} when no connection could be opened or it timed out
     * ({@link AmqpConnectException}, {@link AmqpTimeoutException}), when the connection shut down under the
     * publish (a connection-level {@link ShutdownSignalException} among the causes, as in the
     * {@code AmqpIOException} of a publish on a connection just lost), or when the publish was nacked because
     * its connection closed; so is every failure that {@link SendFailure#of} counts. The broker
     * {@link SendFailure#REJECTED} the message for good when it closed the channel because the exchange does not
     * exist ({@code reply-code=404, NOT_FOUND - no exchange}): the message goes FAILED at once. Anything else is
     * the message's own, and retried: a message returned as unroutable (a binding added later fixes it) or a
     * nack from the broker.
     */
    @Override
    public SendFailure classify(Throwable error) {
        if (error instanceof RabbitDeliveryException delivery) {
            return delivery.failure();
        }
        return SendFailure.unreachableIf(error, RabbitMessageSender::isConnectionFailure);
    }

    private static boolean isConnectionFailure(Throwable error) {
        return error instanceof AmqpConnectException || error instanceof AmqpTimeoutException
                || (error instanceof ShutdownSignalException shutdown && shutdown.isHardError());
    }

    private String routingKey(OutgoingMessage message) {
        String configured = this.routingKeysByType.get(message.type());
        if (configured != null) {
            return configured;
        }
        return (message.orderingKey() != null) ? message.orderingKey() : message.key();
    }

    private static Message toAmqp(OutgoingMessage message, String messageId) {
        MessageProperties properties = new MessageProperties();
        properties.setMessageId(messageId);
        properties.setType(message.type());
        properties.setContentType(MessageProperties.CONTENT_TYPE_JSON);
        properties.setContentEncoding(StandardCharsets.UTF_8.name());
        OutboxHeaders.of(message).forEach(properties::setHeader);
        return new Message(message.body().getBytes(StandardCharsets.UTF_8), properties);
    }

    private static void requireConfirmsAndReturns(RabbitTemplate template) {
        ConnectionFactory connectionFactory = template.getConnectionFactory();
        if (!connectionFactory.isPublisherConfirms()) {
            throw new IllegalStateException("The outbox's RabbitMQ sender needs correlated publisher confirms, or no "
                    + "message would ever count as sent: set spring.rabbitmq.publisher-confirm-type=correlated "
                    + "(CachingConnectionFactory.ConfirmType.CORRELATED), or outbox.rabbit.enabled=false");
        }
        if (!connectionFactory.isPublisherReturns()
                || !Boolean.TRUE.equals(template.isMandatoryFor(new Message(new byte[0])))) {
            throw new IllegalStateException("The outbox's RabbitMQ sender needs publisher returns and a mandatory "
                    + "RabbitTemplate, or an unroutable message would count as sent: set "
                    + "spring.rabbitmq.publisher-returns=true (and leave spring.rabbitmq.template.mandatory unset or "
                    + "true), or outbox.rabbit.enabled=false");
        }
    }
}
