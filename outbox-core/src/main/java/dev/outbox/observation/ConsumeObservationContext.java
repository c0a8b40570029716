/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.observation;

import java.util.Map;

import dev.outbox.spi.OutgoingMessage;
import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.ReceiverContext;
import org.jspecify.annotations.Nullable;

/**
 * The observation of one consumption: by a local handler, by a pull consumer, or by {@code Inbox.consume}. Its
 * carrier is the message's headers, from which a tracing handler continues the trace that saved or sent it.
 */
public final class ConsumeObservationContext extends ReceiverContext<Map<String, String>> {

    private final Consumer consumer;

    private final @Nullable String type;

    private final @Nullable String topic;

    private final @Nullable Long messageId;

    private final @Nullable String consumerGroup;

    private Outcome outcome = Outcome.FAILED;

    private ConsumeObservationContext(Consumer consumer, @Nullable String type, @Nullable String topic,
            @Nullable Long messageId, @Nullable String consumerGroup, Map<String, String> headers) {
        super((carrier, name) -> carrier.get(name), Kind.CONSUMER);
        this.consumer = consumer;
        this.type = type;
        this.topic = topic;
        this.messageId = messageId;
        this.consumerGroup = consumerGroup;
        setCarrier(headers);
    }

    /**
     * @param consumer a local handler or a pull consumer
     * @param message the message it consumes
     * @return the context of that consumption
     */
    public static ConsumeObservationContext of(Consumer consumer, OutgoingMessage message) {
        return new ConsumeObservationContext(consumer, message.type(), message.topic(), message.id(), null,
                message.headers());
    }

    /**
     * @param consumerGroup the consumer group
     * @param messageType the message type, if the caller gave it
     * @param headers the delivery's headers; empty to continue the current trace, if any
     * @return the context of an {@code Inbox.consume}
     */
    public static ConsumeObservationContext inbox(String consumerGroup, @Nullable String messageType,
            Map<String, String> headers) {
        return new ConsumeObservationContext(Consumer.INBOX, messageType, null, null, consumerGroup, headers);
    }

    /**
     * @return who consumes
     */
    public Consumer consumer() {
        return this.consumer;
    }

    /**
     * @return the message type, or null when an inbox caller did not give it
     */
    public @Nullable String type() {
        return this.type;
    }

    /**
     * @return the message's topic, or null for the inbox, which does not know it
     */
    public @Nullable String topic() {
        return this.topic;
    }

    /**
     * @return the outbox row id, or null for the inbox
     */
    public @Nullable Long messageId() {
        return this.messageId;
    }

    /**
     * @return the inbox's consumer group, or null for a local handler or pull consumer
     */
    public @Nullable String consumerGroup() {
        return this.consumerGroup;
    }

    /**
     * @return what the consumption did; {@link Outcome#FAILED} until it succeeded
     */
    public Outcome outcome() {
        return this.outcome;
    }

    /**
     * @param outcome what the consumption did
     */
    public void outcome(Outcome outcome) {
        this.outcome = outcome;
    }

    /**
     * Who consumes a message.
     */
    public enum Consumer {

        /** A local handler, run by the dispatcher. */
        HANDLER,

        /** A pull consumer, from receive to ack or nack. */
        PULL,

        /** {@code Inbox.consume}. */
        INBOX
    }

    /**
     * What a consumption did.
     */
    public enum Outcome {

        /** The message was consumed. */
        CONSUMED,

        /** The inbox had consumed the key before, and the logic did not run. */
        DUPLICATE,

        /** The consumer failed, or a pull consumer nacked the message. */
        FAILED
    }
}
