/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.observation;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.outbox.spi.OutgoingMessage;
import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.SenderContext;

/**
 * The observation of one send to a broker. Its parent is the trace context saved in the message's headers, and
 * its carrier collects the propagation headers of the send itself, which the message then carries to the broker
 * in place of the saved ones.
 */
public final class SendObservationContext extends SenderContext<Map<String, String>> {

    private final OutgoingMessage message;

    private Outcome outcome = Outcome.FAILED;

    /**
     * @param message the message as it was saved
     */
    public SendObservationContext(OutgoingMessage message) {
        super(Map::put, Kind.PRODUCER);
        this.message = message;
        setCarrier(new LinkedHashMap<>());
    }

    /**
     * @return the message as it was saved, whose headers hold the trace context of its save
     */
    public OutgoingMessage message() {
        return this.message;
    }

    /**
     * @return the headers saved with the message, from which the send's parent is read
     */
    public Map<String, String> savedHeaders() {
        return this.message.headers();
    }

    /**
     * @return what the send did; {@link Outcome#FAILED} until the broker confirmed it
     */
    public Outcome outcome() {
        return this.outcome;
    }

    /**
     * @param outcome what the send did
     */
    public void outcome(Outcome outcome) {
        this.outcome = outcome;
    }

    /**
     * What a send did.
     */
    public enum Outcome {

        /** The broker confirmed the message. */
        SENT,

        /** The send failed or was not confirmed in time; the message will be retried or is FAILED. */
        FAILED
    }
}
