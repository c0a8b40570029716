/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.observation;

import java.util.Map;
import java.util.function.Supplier;

import dev.outbox.spi.OutgoingMessage;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Where the outbox's observations go, and the conventions that name them: a save, a send, and a consumption
 * each run in an observation of their own, which a tracing handler turns into a span of the message's trace.
 *
 * <p>{@link #NONE} observes nothing: the observations are no-ops, cost nothing, and no header is added to a
 * message. The template, the dispatcher, the puller and the inbox use it unless their builder is given another.
 */
public final class OutboxObservations {

    /** Observes nothing. */
    public static final OutboxObservations NONE = new OutboxObservations(ObservationRegistry.NOOP, null, null, null);

    private final ObservationRegistry registry;

    private final @Nullable SaveObservationConvention saveConvention;

    private final @Nullable SendObservationConvention sendConvention;

    private final @Nullable ConsumeObservationConvention consumeConvention;

    private OutboxObservations(ObservationRegistry registry, @Nullable SaveObservationConvention saveConvention,
            @Nullable SendObservationConvention sendConvention,
            @Nullable ConsumeObservationConvention consumeConvention) {
        this.registry = registry;
        this.saveConvention = saveConvention;
        this.sendConvention = sendConvention;
        this.consumeConvention = consumeConvention;
    }

    /**
     * @param registry the registry that observes, with its handlers (a tracing handler, a meter handler)
     * @return observations in that registry, named by the default conventions unless a registry's global
     * convention or one given later replaces them
     */
    public static OutboxObservations of(ObservationRegistry registry) {
        return new OutboxObservations(registry, null, null, null);
    }

    /**
     * @param convention names saves in place of {@link SaveObservationConvention#DEFAULT}
     * @return a copy that uses it
     */
    public OutboxObservations saveConvention(SaveObservationConvention convention) {
        return new OutboxObservations(this.registry, convention, this.sendConvention, this.consumeConvention);
    }

    /**
     * @param convention names sends in place of {@link SendObservationConvention#DEFAULT}
     * @return a copy that uses it
     */
    public OutboxObservations sendConvention(SendObservationConvention convention) {
        return new OutboxObservations(this.registry, this.saveConvention, convention, this.consumeConvention);
    }

    /**
     * @param convention names consumptions in place of {@link ConsumeObservationConvention#DEFAULT}
     * @return a copy that uses it
     */
    public OutboxObservations consumeConvention(ConsumeObservationConvention convention) {
        return new OutboxObservations(this.registry, this.saveConvention, this.sendConvention, convention);
    }

    /**
     * @param type the message type
     * @param topic the message's topic
     * @param headers the headers the message will be saved with, to which a tracing handler adds the trace
     * context when the observation starts
     * @return the observation of a save, not started; {@link Observation#NOOP} when nothing observes
     */
    public Observation save(String type, String topic, Map<String, String> headers) {
        return Observation.createNotStarted(this.saveConvention, SaveObservationConvention.DEFAULT,
                () -> new SaveObservationContext(type, topic, headers), this.registry);
    }

    /**
     * @param message the message as it was saved
     * @return the observation of its send, not started; {@link Observation#NOOP} when nothing observes
     */
    public Observation send(OutgoingMessage message) {
        return Observation.createNotStarted(this.sendConvention, SendObservationConvention.DEFAULT,
                () -> new SendObservationContext(message), this.registry);
    }

    /**
     * @param consumer a local handler or a pull consumer
     * @param message the message it consumes, asked for only when something observes
     * @return the observation of that consumption, not started; {@link Observation#NOOP} when nothing observes
     */
    public Observation consume(ConsumeObservationContext.Consumer consumer, Supplier<OutgoingMessage> message) {
        return consume(() -> ConsumeObservationContext.of(consumer, message.get()));
    }

    /**
     * @param consumerGroup the consumer group
     * @param messageType the message type, or null
     * @param headers the delivery's headers; empty to continue the current trace, if any
     * @return the observation of an {@code Inbox.consume}, not started; {@link Observation#NOOP} when nothing
     * observes
     */
    public Observation inbox(String consumerGroup, @Nullable String messageType, Map<String, String> headers) {
        return consume(() -> ConsumeObservationContext.inbox(consumerGroup, messageType, headers));
    }

    private Observation consume(Supplier<ConsumeObservationContext> context) {
        return Observation.createNotStarted(this.consumeConvention, ConsumeObservationConvention.DEFAULT, context,
                this.registry);
    }
}
