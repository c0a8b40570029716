/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.observation;

import java.util.Map;

import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.SenderContext;

/**
 * The observation of one save: its carrier is the headers the message is saved with, so that a tracing handler
 * stores the current trace context in them and the message's send and consumers continue that trace.
 */
public final class SaveObservationContext extends SenderContext<Map<String, String>> {

    private final String type;

    private final String topic;

    private Outcome outcome = Outcome.REJECTED;

    /**
     * @param type the message type
     * @param topic the message's topic
     * @param headers the headers the message will be saved with, which the tracing handler adds to
     */
    public SaveObservationContext(String type, String topic, Map<String, String> headers) {
        super(Map::put, Kind.PRODUCER);
        this.type = type;
        this.topic = topic;
        setCarrier(headers);
    }

    /**
     * @return the message type
     */
    public String type() {
        return this.type;
    }

    /**
     * @return the message's topic
     */
    public String topic() {
        return this.topic;
    }

    /**
     * @return what the save did; {@link Outcome#REJECTED} until it wrote a row
     */
    public Outcome outcome() {
        return this.outcome;
    }

    /**
     * @param outcome what the save did
     */
    public void outcome(Outcome outcome) {
        this.outcome = outcome;
    }

    /**
     * What a save did.
     */
    public enum Outcome {

        /** A new message was written. */
        SAVED,

        /** A message of the same key and type existed, and nothing was written. */
        DUPLICATE,

        /** The message was refused (an invalid field, no transaction) or the insert failed. */
        REJECTED
    }
}
