/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.jspecify.annotations.Nullable;
import org.springframework.cloud.stream.binder.BinderFactory;
import org.springframework.cloud.stream.config.BindingServiceProperties;
import org.springframework.cloud.stream.function.StreamBridge;
import org.springframework.messaging.Message;

/**
 * Sends outbox messages through Spring Cloud Stream's {@link StreamBridge}, with whatever binder each binding has,
 * and counts a message as sent only once the broker confirmed it, as the binder reports it:
 * <ul>
 * <li><b>RabbitMQ binder</b>: publisher confirms and returns, through a {@code CorrelationData} in the
 * {@code amqp_publishConfirmCorrelation} header (producer property {@code use-confirm-header=true}, with
 * {@code spring.rabbitmq.publisher-confirm-type=correlated} and {@code spring.rabbitmq.publisher-returns=true}); a
 * nack or a return of an unroutable message is a failure. Records {@code outbox-<outbox id>}, the AMQP message id.</li>
 * <li><b>Kafka binder</b>: the producer's acknowledgement, through the send future that {@link KafkaSendFutures}
 * (the binder's producer handler customizer) hands over while the binding sends, so that a batch's sends stay in
 * flight together. The record key is the ordering key, else the message key. Records {@code topic-partition@offset}.</li>
 * <li><b>Any other binder</b> reports no confirmation this sender reads: its bindings are refused (each message fails
 * with the reason) unless the application accepts the binder's hand-off as the confirmation ({@code sentOnHandoff}),
 * which records {@code outbox-<outbox id>}.</li>
 * </ul>
 * A binding whose settings do not give the confirmation is refused the same way, with the settings to change.
 *
 * <p>The binding is the one named for the message's topic ({@link Builder#bindings}), else the topic itself, which
 * Spring Cloud Stream binds to the destination of that name unless {@code spring.cloud.stream.bindings.<name>.*}
 * says otherwise. The message is the body's UTF-8 bytes with the headers of
 * {@link dev.outbox.sender.OutboxHeaders#of}: the message's own (its trace context among them) and
 * {@code outbox-id}, {@code outbox-type}, {@code outbox-key} and, with an ordering key, {@code outbox-ordering-key},
 * which a binding's {@code partition-key-expression} can read.
 *
 * <p>{@link StreamBridge} must send on the caller's thread (its default): the Kafka binder hands the send future over
 * while the binding sends.
 */
public final class StreamBridgeMessageSender implements MessageSender {

    private final StreamBridge streamBridge;

    private final BindingResolver bindings;

    private final Map<String, String> bindingsByTopic;

    private final boolean pipelined;

    private StreamBridgeMessageSender(Builder builder) {
        this.streamBridge = builder.streamBridge;
        this.bindingsByTopic = Map.copyOf(builder.bindingsByTopic);
        this.pipelined = builder.pipelined;
        this.bindings = new BindingResolver(builder.binders, builder.properties, builder.kafkaSendFutures,
                builder.pipelined, builder.sentOnHandoff);
    }

    /**
     * @param streamBridge the application's stream bridge, to send with
     * @param binders the application's binder factory, to find each binding's binder
     * @param properties the application's binding properties, to find each binding's binder and destination
     * @return a builder of the sender
     */
    public static Builder builder(StreamBridge streamBridge, BinderFactory binders, BindingServiceProperties properties) {
        return new Builder(streamBridge, binders, properties);
    }

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        String binding = this.bindingsByTopic.getOrDefault(message.topic(), message.topic());
        try {
            if (this.streamBridge.isAsync()) {
                throw new StreamDeliveryException("The StreamBridge sends asynchronously, so the binder's answer "
                        + "cannot be tied to the message: leave StreamBridge.setAsync at false", SendFailure.MESSAGE);
            }
            return this.bindings.confirmsFor(binding).send(message, SpringMessages.of(message),
                    spring -> send(binding, spring));
        }
        catch (RuntimeException ex) {
            return CompletableFuture.failedFuture(ex);
        }
    }

    /**
     * A key's sends in flight together keep their order only through Kafka bindings with an idempotent producer,
     * which write a key's records to one partition in the order they were sent and fail the later ones when one
     * fails. The sender declares it when it was built to ({@link Builder#keepsOrderOfPipelinedSends}); it then
     * refuses every binding that is not such a Kafka binding.
     *
     * @return whether the sender was built to declare it
     */
    @Override
    public boolean keepsOrderOfPipelinedSends() {
        return this.pipelined;
    }

    /**
     * The sender's own {@link StreamDeliveryException} says whose fault it was: a nack for a lost connection is
     * {@link SendFailure#UNREACHABLE}, a nack for a missing exchange {@link SendFailure#REJECTED}, a return, another
     * nack or a binding refused for its settings the {@link SendFailure#MESSAGE}'s. A binding that is stopped (no
     * subscriber), RabbitMQ's refused, timed-out or lost connections and Kafka's timeouts (no metadata or
     * acknowledgement in time) and lost connections are {@link SendFailure#UNREACHABLE}; a Kafka record too large, not
     * serializable or for an invalid topic is {@link SendFailure#REJECTED}; anything else is what
     * {@link SendFailure#of} says.
     */
    @Override
    public SendFailure classify(Throwable error) {
        return SendFailures.classify(error);
    }

    private void send(String binding, Message<byte[]> message) {
        if (!this.streamBridge.send(binding, message)) {
            throw new StreamDeliveryException("The binding '" + binding + "' did not take the message",
                    SendFailure.UNREACHABLE);
        }
    }

    /** Builds a {@link StreamBridgeMessageSender}. */
    public static final class Builder {

        private final StreamBridge streamBridge;

        private final BinderFactory binders;

        private final BindingServiceProperties properties;

        private Map<String, String> bindingsByTopic = Map.of();

        private @Nullable KafkaSendFutures kafkaSendFutures;

        private boolean pipelined;

        private boolean sentOnHandoff;

        private Builder(StreamBridge streamBridge, BinderFactory binders, BindingServiceProperties properties) {
            this.streamBridge = streamBridge;
            this.binders = binders;
            this.properties = properties;
        }

        /**
         * @param bindingsByTopic the binding of each topic that is not sent through the binding of its own name
         * @return this builder
         */
        public Builder bindings(Map<String, String> bindingsByTopic) {
            this.bindingsByTopic = Map.copyOf(bindingsByTopic);
            return this;
        }

        /**
         * @param kafkaSendFutures the Kafka binder's producer handler customizer, without which Kafka bindings are
         * refused
         * @return this builder
         */
        public Builder kafkaSendFutures(@Nullable KafkaSendFutures kafkaSendFutures) {
            this.kafkaSendFutures = kafkaSendFutures;
            return this;
        }

        /**
         * @param pipelined whether the sender declares that a key's sends in flight together keep their order, so
         * that the dispatcher sends a key's run at once; every binding but a Kafka binding with an idempotent producer
         * is then refused. False by default
         * @return this builder
         */
        public Builder keepsOrderOfPipelinedSends(boolean pipelined) {
            this.pipelined = pipelined;
            return this;
        }

        /**
         * @param sentOnHandoff whether a message sent through a binder that reports no confirmation this sender reads
         * counts as sent once the binder took it without an error, which is the broker's confirmation only where the
         * binder sends synchronously and throws when the broker refuses; false by default, which refuses such bindings
         * @return this builder
         */
        public Builder sentOnHandoff(boolean sentOnHandoff) {
            this.sentOnHandoff = sentOnHandoff;
            return this;
        }

        /** @return the sender */
        public StreamBridgeMessageSender build() {
            return new StreamBridgeMessageSender(this);
        }
    }
}
