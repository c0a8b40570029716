/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.outbox.spi.MessageSender;

/**
 * The part of {@link MessageRoutes} that says what a failure does beyond the retry policy: the exceptions that
 * make a message of a type FAILED at once, and where a message of a type is published once it is FAILED.
 */
final class FailureRoutes {

    private final Map<String, List<Class<? extends Throwable>>> nonRetryable;

    private final Map<String, DeadLetterRoute> deadLetters;

    FailureRoutes(Map<String, ? extends Collection<Class<? extends Throwable>>> nonRetryable,
            Map<String, DeadLetterRoute> deadLetters) {
        Map<String, List<Class<? extends Throwable>>> errorTypes = new LinkedHashMap<>();
        nonRetryable.forEach((type, errors) -> errorTypes.put(type, List.copyOf(errors)));
        this.nonRetryable = Map.copyOf(errorTypes);
        this.deadLetters = Map.copyOf(deadLetters);
    }

    /**
     * @param messageType a message type
     * @param error why a message of that type failed
     * @return the first of the type's {@link MessageRoutes.Builder#nonRetryable non-retryable} exception types that
     * the error or one of its causes is an instance of
     */
    Optional<Class<? extends Throwable>> nonRetryableCause(String messageType, Throwable error) {
        List<Class<? extends Throwable>> errorTypes = this.nonRetryable.getOrDefault(messageType, List.of());
        if (errorTypes.isEmpty()) {
            return Optional.empty();
        }
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable cause = error; cause != null && seen.add(cause); cause = cause.getCause()) {
            for (Class<? extends Throwable> errorType : errorTypes) {
                if (errorType.isInstance(cause)) {
                    return Optional.of(errorType);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * @param messageType a message type
     * @return where a message of that type that goes FAILED is published, if the type has a dead-letter route
     */
    Optional<DeadLetterRoute> deadLetterRouteFor(String messageType) {
        return Optional.ofNullable(this.deadLetters.get(messageType));
    }

    /**
     * Where the messages of a type that go FAILED are published.
     *
     * @param sender the sender that publishes them
     * @param topic their destination: the Kafka or RocketMQ topic, or the RabbitMQ exchange
     */
    record DeadLetterRoute(MessageSender sender, String topic) {
    }
}
