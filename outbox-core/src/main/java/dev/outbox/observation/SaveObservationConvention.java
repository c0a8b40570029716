/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.observation;

import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names a save's observation and its tags. Every method has a default, so a replacement overrides only what it
 * changes: the name {@value #NAME}, the contextual name {@code create <topic>}, and the low-cardinality tags
 * {@code type}, {@code topic} and {@code outcome} ({@code saved}, {@code duplicate} or {@code rejected}).
 */
public interface SaveObservationConvention extends ObservationConvention<SaveObservationContext> {

    /** The observation's name, and so the timer's. */
    String NAME = "outbox.save";

    /** The defaults. */
    SaveObservationConvention DEFAULT = new SaveObservationConvention() {
    };

    @Override
    default String getName() {
        return NAME;
    }

    @Override
    default String getContextualName(SaveObservationContext context) {
        return "create " + context.topic();
    }

    @Override
    default KeyValues getLowCardinalityKeyValues(SaveObservationContext context) {
        return KeyValues.of(ObservationTags.TYPE, context.type(), ObservationTags.TOPIC, context.topic(),
                ObservationTags.OUTCOME, ObservationTags.lowerCase(context.outcome()));
    }

    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof SaveObservationContext;
    }
}
