/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.observation;

import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import org.jspecify.annotations.Nullable;

/**
 * Names a consumption's observation and its tags. Every method has a default, so a replacement overrides only
 * what it changes: the name {@value #NAME}, the contextual name {@code process <topic>} (for the inbox,
 * {@code process <consumer group>}), the low-cardinality tags {@code consumer} ({@code handler}, {@code pull}
 * or {@code inbox}), {@code type}, {@code topic}, {@code consumer.group} ({@code none} where they do not apply)
 * and {@code outcome} ({@code consumed}, {@code duplicate} or {@code failed}), and the high-cardinality
 * {@code outbox.message.id}.
 */
public interface ConsumeObservationConvention extends ObservationConvention<ConsumeObservationContext> {

    /** The observation's name, and so the timer's. */
    String NAME = "outbox.consume";

    /** The defaults. */
    ConsumeObservationConvention DEFAULT = new ConsumeObservationConvention() {
    };

    @Override
    default String getName() {
        return NAME;
    }

    @Override
    default String getContextualName(ConsumeObservationContext context) {
        String topic = context.topic();
        return "process " + ((topic != null) ? topic : context.consumerGroup());
    }

    @Override
    default KeyValues getLowCardinalityKeyValues(ConsumeObservationContext context) {
        return KeyValues.of(ObservationTags.CONSUMER, ObservationTags.lowerCase(context.consumer()),
                ObservationTags.TYPE, orNone(context.type()), ObservationTags.TOPIC, orNone(context.topic()),
                ObservationTags.CONSUMER_GROUP, orNone(context.consumerGroup()),
                ObservationTags.OUTCOME, ObservationTags.lowerCase(context.outcome()));
    }

    @Override
    default KeyValues getHighCardinalityKeyValues(ConsumeObservationContext context) {
        Long id = context.messageId();
        return (id != null) ? KeyValues.of(ObservationTags.MESSAGE_ID, id.toString()) : KeyValues.empty();
    }

    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof ConsumeObservationContext;
    }

    private static String orNone(@Nullable String value) {
        return (value != null) ? value : ObservationTags.NONE;
    }
}
