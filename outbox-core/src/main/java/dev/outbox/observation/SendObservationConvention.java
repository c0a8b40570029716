/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.observation;

import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names a send's observation and its tags. Every method has a default, so a replacement overrides only what it
 * changes: the name {@value #NAME}, the contextual name {@code send <topic>}, the low-cardinality tags
 * {@code type}, {@code topic} and {@code outcome} ({@code sent} or {@code failed}), and the high-cardinality
 * {@code outbox.message.id} and {@code outbox.attempt}.
 */
public interface SendObservationConvention extends ObservationConvention<SendObservationContext> {

    /** The observation's name, and so the timer's. */
    String NAME = "outbox.send";

    /** The defaults. */
    SendObservationConvention DEFAULT = new SendObservationConvention() {
    };

    @Override
    default String getName() {
        return NAME;
    }

    @Override
    default String getContextualName(SendObservationContext context) {
        return "send " + context.message().topic();
    }

    @Override
    default KeyValues getLowCardinalityKeyValues(SendObservationContext context) {
        return KeyValues.of(ObservationTags.TYPE, context.message().type(), ObservationTags.TOPIC,
                context.message().topic(), ObservationTags.OUTCOME, ObservationTags.lowerCase(context.outcome()));
    }

    @Override
    default KeyValues getHighCardinalityKeyValues(SendObservationContext context) {
        return KeyValues.of(ObservationTags.MESSAGE_ID, Long.toString(context.message().id()),
                ObservationTags.ATTEMPT, Integer.toString(context.message().attempt()));
    }

    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof SendObservationContext;
    }
}
