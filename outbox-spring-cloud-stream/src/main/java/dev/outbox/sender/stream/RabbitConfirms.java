/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.jspecify.annotations.Nullable;
import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.support.AmqpHeaders;
import org.springframework.cloud.stream.binder.Binder;
import org.springframework.cloud.stream.binder.rabbit.RabbitMessageChannelBinder;
import org.springframework.cloud.stream.binder.rabbit.properties.RabbitProducerProperties;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;

/**
 * A binding of the RabbitMQ binder, with publisher confirms and returns: each message carries a {@link CorrelationData}
 * in the {@code amqp_publishConfirmCorrelation} header, which the binder's endpoint publishes with (producer property
 * {@code use-confirm-header}); its future completes when the broker acked or nacked the publish, after a return of an
 * unroutable message was set on it. SENT on an ack without a return, recording the AMQP message id
 * {@code outbox-<outbox id>}, as the outbox-rabbitmq sender does.
 */
final class RabbitConfirms implements BindingConfirms {

    private static final RabbitConfirms INSTANCE = new RabbitConfirms();

    /**
     * How a nack's reason starts when Spring AMQP nacked the pending confirms of a channel because its connection
     * shut down: lost ({@code connection error}) or closed by the application ({@code clean connection shutdown}).
     */
    private static final String[] CONNECTION_SHUTDOWN = { "connection error", "clean connection shutdown" };

    /** How the reason of a nack starts when the broker closed the channel because the exchange does not exist. */
    private static final String MISSING_EXCHANGE = "reply-code=404";

    private RabbitConfirms() {
    }

    /**
     * @param binder the binding's binder
     * @param binding the binding's name
     * @return how the binding confirms: this when its settings give confirms and returns, a refusal naming the
     * settings to change when they do not; null when the binder is not RabbitMQ's
     */
    static @Nullable BindingConfirms of(Binder<?, ?, ?> binder, String binding) {
        if (!(binder instanceof RabbitMessageChannelBinder rabbit)) {
            return null;
        }
        RabbitProducerProperties producer = rabbit.getExtendedProducerProperties(binding);
        ConnectionFactory connectionFactory = rabbit.getConnectionFactory();
        List<String> missing = new ArrayList<>();
        if (producer.getProducerType() != RabbitProducerProperties.ProducerType.AMQP) {
            missing.add("spring.cloud.stream.rabbit.bindings." + binding + ".producer.producer-type=AMQP (RabbitMQ "
                    + "streams report no confirmation this sender reads)");
        }
        if (!producer.isUseConfirmHeader()) {
            missing.add("spring.cloud.stream.rabbit.bindings." + binding + ".producer.use-confirm-header=true (or "
                    + "spring.cloud.stream.rabbit.default.producer.use-confirm-header=true)");
        }
        if (!connectionFactory.isPublisherConfirms()) {
            missing.add("spring.rabbitmq.publisher-confirm-type=correlated");
        }
        if (!connectionFactory.isPublisherReturns()) {
            missing.add("spring.rabbitmq.publisher-returns=true");
        }
        if (!missing.isEmpty()) {
            return new RefusedBinding("The RabbitMQ binding '" + binding + "' does not report the broker's publisher "
                    + "confirms and returns, so no message sent through it could count as sent: set "
                    + String.join(", ", missing));
        }
        return INSTANCE;
    }

    @Override
    public CompletionStage<String> send(OutgoingMessage message, MessageBuilder<byte[]> spring,
            Consumer<Message<byte[]>> binding) {
        String messageId = SpringMessages.outboxMessageId(message);
        CorrelationData correlation = new CorrelationData();
        binding.accept(spring.setHeader(AmqpHeaders.PUBLISH_CONFIRM_CORRELATION, correlation)
                .setHeader(AmqpHeaders.MESSAGE_ID, messageId).build());
        return correlation.getFuture().thenApply(confirm -> {
            if (!confirm.ack()) {
                throw nacked(confirm.reason());
            }
            ReturnedMessage returned = correlation.getReturned();
            if (returned != null) {
                throw new StreamDeliveryException("returned by the broker: " + returned.getReplyText()
                        + ", exchange '" + returned.getExchange() + "', routing key '" + returned.getRoutingKey() + "'",
                        SendFailure.MESSAGE);
            }
            return messageId;
        });
    }

    /**
     * A nack from the broker itself has no reason and is the message's own; one for a connection that shut down is
     * an unreachable broker; one for a missing exchange ({@code 404 NOT_FOUND}, which no retry fixes) is rejected
     * for good.
     */
    private static StreamDeliveryException nacked(@Nullable String reason) {
        SendFailure failure = SendFailure.MESSAGE;
        if (reason != null && (reason.startsWith(CONNECTION_SHUTDOWN[0]) || reason.startsWith(CONNECTION_SHUTDOWN[1]))) {
            failure = SendFailure.UNREACHABLE;
        }
        else if (reason != null && reason.contains(MISSING_EXCHANGE)) {
            failure = SendFailure.REJECTED;
        }
        return new StreamDeliveryException("nacked by the broker" + ((reason != null) ? ": " + reason : ""), failure);
    }
}
