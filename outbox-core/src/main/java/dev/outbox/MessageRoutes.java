/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import dev.outbox.spi.MessageHandler;
import dev.outbox.spi.MessageSender;
import org.jspecify.annotations.Nullable;

/**
 * How each message is delivered. A message type goes to a broker through a sender (its own, or the
 * default sender), or to a local handler in this process; a broker route may name a fallback
 * handler that takes the message over once the broker has failed it a number of times. A type
 * without a route of its own goes to the default sender; with no default either, its messages fail
 * with a clear reason and are retried, never dropped. Messages of a pulled topic are left to
 * {@link dev.outbox.consumer.pull.MessagePuller}s: the dispatcher never claims them.
 *
 * <p>A type may name exceptions that no retry fixes ({@link Builder#nonRetryable}): a failure caused by one
 * makes its message FAILED at once. A type may have a dead-letter destination ({@link Builder#deadLetters}):
 * a message of it that goes FAILED is published there too, for the tools of the broker to work through.
 */
public final class MessageRoutes {

    /** What a local handler records in place of a broker message id. */
    static final String LOCAL_PREFIX = "local:";

    /** What a fallback handler records in place of a broker message id. */
    static final String FALLBACK_PREFIX = "fallback:";

    /** Keeps what a handler records within the 255 characters of the message id column. */
    private static final int MAX_NAME_LENGTH = 200;

    private final Map<String, MessageSender> senders;

    private final Map<String, LocalRoute> handlers;

    private final Map<String, FallbackRoute> fallbacks;

    private final @Nullable MessageSender defaultSender;

    private final Set<String> pulledTopics;

    private final Map<String, List<Class<? extends Throwable>>> nonRetryable;

    private final Map<String, DeadLetterRoute> deadLetters;

    private MessageRoutes(Builder builder) {
        this.senders = Map.copyOf(builder.senders);
        Map<String, LocalRoute> handlers = new LinkedHashMap<>();
        builder.handlers.forEach((type, handler) -> handlers.put(type, handler.route(LOCAL_PREFIX)));
        this.handlers = Map.copyOf(handlers);
        Map<String, FallbackRoute> fallbacks = new LinkedHashMap<>();
        builder.fallbacks.forEach((type, fallback) -> fallbacks.put(type,
                new FallbackRoute(fallback.handler().route(FALLBACK_PREFIX), fallback.afterFailures())));
        this.fallbacks = Map.copyOf(fallbacks);
        this.defaultSender = builder.defaultSender;
        this.pulledTopics = Set.copyOf(builder.pulledTopics);
        Map<String, List<Class<? extends Throwable>>> nonRetryable = new LinkedHashMap<>();
        builder.nonRetryable.forEach((type, errors) -> nonRetryable.put(type, List.copyOf(errors)));
        this.nonRetryable = Map.copyOf(nonRetryable);
        this.deadLetters = Map.copyOf(builder.deadLetters);
    }

    /**
     * @param sender the sender of every message type
     * @return routes that send everything through one sender
     */
    public static MessageRoutes to(MessageSender sender) {
        return builder().defaultSender(sender).build();
    }

    /**
     * @return a builder of routes
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param messageType a message type
     * @return the sender of that type, if it goes to a broker and a sender is routed
     */
    public Optional<MessageSender> senderFor(String messageType) {
        if (this.handlers.containsKey(messageType)) {
            return Optional.empty();
        }
        MessageSender sender = this.senders.get(messageType);
        return Optional.ofNullable((sender != null) ? sender : this.defaultSender);
    }

    /**
     * @param messageType a message type
     * @param failedAttempts how many attempts to deliver the message failed so far
     * @param switchedToFallback whether an operator switched the type to its fallback ({@link dev.outbox.route.RouteSwitchMode#FALLBACK})
     * @return the local handler that takes the message: the type's own, or its fallback once the broker
     * has failed the message often enough or at once while switched to it; empty when it goes to the broker
     */
    Optional<LocalRoute> localRouteFor(String messageType, int failedAttempts, boolean switchedToFallback) {
        LocalRoute handler = this.handlers.get(messageType);
        if (handler != null) {
            return Optional.of(handler);
        }
        FallbackRoute fallback = this.fallbacks.get(messageType);
        return (fallback != null && (switchedToFallback || failedAttempts >= fallback.afterFailures()))
                ? Optional.of(fallback.route()) : Optional.empty();
    }

    /**
     * @param messageType a message type
     * @return whether a fallback handler takes its messages over after failed sends (its outage failures
     * count as attempts then, so that the fallback takes over during an outage), and so whether an operator can
     * switch the type to it ({@link dev.outbox.route.RouteSwitchMode#FALLBACK})
     */
    public boolean hasFallback(String messageType) {
        return this.fallbacks.containsKey(messageType);
    }

    /**
     * @param messageType a message type
     * @param error why a message of that type failed
     * @return the first of the type's {@link Builder#nonRetryable non-retryable} exception types that the error
     * or one of its causes is an instance of
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
     * @return the sender of each message type routed by name
     */
    Map<String, MessageSender> namedSenders() {
        return this.senders;
    }

    /**
     * @return the sender of every type without a route of its own, if there is one
     */
    @Nullable MessageSender defaultSender() {
        return this.defaultSender;
    }

    /**
     * @return the message types that a local handler or a fallback handler takes
     */
    Set<String> locallyHandledTypes() {
        Set<String> types = new TreeSet<>(this.handlers.keySet());
        types.addAll(this.fallbacks.keySet());
        return types;
    }

    /**
     * @return the topics whose messages pull consumers receive, and the dispatcher leaves alone
     */
    public Set<String> pulledTopics() {
        return this.pulledTopics;
    }

    /**
     * A local handler chosen for a message.
     *
     * @param deliveredBy what the row records in place of a broker message id once the handler succeeded:
     * {@code local:<name>} for a type routed to the handler, {@code fallback:<name>} for a fallback
     * @param handler the handler
     */
    record LocalRoute(String deliveredBy, MessageHandler handler) {
    }

    /**
     * Where the messages of a type that go FAILED are published.
     *
     * @param sender the sender that publishes them
     * @param topic their destination: the Kafka or RocketMQ topic, or the RabbitMQ exchange
     */
    record DeadLetterRoute(MessageSender sender, String topic) {
    }

    private record NamedHandler(String name, MessageHandler handler) {

        LocalRoute route(String prefix) {
            return new LocalRoute(prefix + this.name, this.handler);
        }
    }

    private record FallbackRoute(LocalRoute route, int afterFailures) {
    }

    private record Fallback(NamedHandler handler, int afterFailures) {
    }

    /**
     * Builds {@link MessageRoutes}.
     */
    public static final class Builder {

        private final Map<String, MessageSender> senders = new LinkedHashMap<>();

        private final Map<String, NamedHandler> handlers = new LinkedHashMap<>();

        private final Map<String, Fallback> fallbacks = new LinkedHashMap<>();

        private final Set<String> pulledTopics = new TreeSet<>();

        private final Map<String, Set<Class<? extends Throwable>>> nonRetryable = new LinkedHashMap<>();

        private final Map<String, DeadLetterRoute> deadLetters = new LinkedHashMap<>();

        private @Nullable MessageSender defaultSender;

        private Builder() {
        }

        /**
         * @param messageType a message type
         * @param sender the sender of that type
         * @return this builder
         * @throws IllegalArgumentException when the type is routed to a local handler already
         */
        public Builder route(String messageType, MessageSender sender) {
            requireNoHandler(messageType, "a sender");
            this.senders.put(messageType, sender);
            return this;
        }

        /**
         * Routes a message type to a handler in this process instead of a broker.
         *
         * @param messageType a message type
         * @param name the handler's name, recorded on each row it handled as {@code local:<name>}
         * @param handler the handler
         * @return this builder
         * @throws IllegalArgumentException when the type has a sender or fallback, or the name is blank
         */
        public Builder handle(String messageType, String name, MessageHandler handler) {
            if (this.senders.containsKey(messageType) || this.fallbacks.containsKey(messageType)) {
                throw new IllegalArgumentException("message type '" + messageType + "' cannot go to local handler '"
                        + name + "': it is routed to a broker already" + (this.fallbacks.containsKey(messageType)
                                ? " with a fallback handler" : ""));
            }
            requireNoHandler(messageType, "local handler '" + name + "'");
            this.handlers.put(messageType, new NamedHandler(requireName(name), handler));
            return this;
        }

        /**
         * Hands a message type's messages to a local handler once the broker has failed them
         * {@code afterFailures} times, so that they are delivered while the broker is down.
         *
         * @param messageType a message type that goes to a broker
         * @param name the handler's name, recorded on each row it handled as {@code fallback:<name>}
         * @param handler the handler
         * @param afterFailures how many failed sends hand a message over, at least 1
         * @return this builder
         * @throws IllegalArgumentException when the type goes to a local handler, or an argument is out of range
         */
        public Builder fallback(String messageType, String name, MessageHandler handler, int afterFailures) {
            requireNoHandler(messageType, "fallback handler '" + name + "'");
            if (afterFailures < 1) {
                throw new IllegalArgumentException("the fallback of message type '" + messageType
                        + "' must take over after at least 1 failed send, was " + afterFailures);
            }
            this.fallbacks.put(messageType, new Fallback(new NamedHandler(requireName(name), handler), afterFailures));
            return this;
        }

        /**
         * @param sender the sender of types without a route of their own
         * @return this builder
         */
        public Builder defaultSender(MessageSender sender) {
            this.defaultSender = sender;
            return this;
        }

        /**
         * Leaves a topic's messages to pull consumers ({@link dev.outbox.consumer.pull.MessagePuller}): the
         * dispatcher never claims them.
         *
         * @param topic the topic
         * @return this builder
         * @throws IllegalArgumentException when the topic is blank
         */
        public Builder pullTopic(String topic) {
            if (topic == null || topic.isBlank()) {
                throw new IllegalArgumentException("a pulled topic must not be blank");
            }
            this.pulledTopics.add(topic);
            return this;
        }

        /**
         * Makes a message of a type FAILED at its first failure caused by an exception of a given type: an
         * error that no retry fixes, such as a schema violation. The error, or any of its causes, counts when it
         * is an instance of the exception type, a subclass included. This holds for a send and a local
         * handler alike; it is checked before the dispatcher's {@link dev.outbox.spi.RetryDecision}, and either
         * one makes the message FAILED.
         *
         * @param messageType a message type
         * @param errorType an exception type that no retry fixes; call again to add more
         * @return this builder
         */
        public Builder nonRetryable(String messageType, Class<? extends Throwable> errorType) {
            this.nonRetryable.computeIfAbsent(messageType, type -> new LinkedHashSet<>()).add(errorType);
            return this;
        }

        /**
         * Publishes a copy of each message of a type that goes FAILED (its attempts spent, rejected by its
         * broker, failed by a {@link #nonRetryable} exception or refused by the
         * {@link dev.outbox.spi.RetryDecision}) to a dead-letter destination, with the message's headers and
         * those of {@link dev.outbox.sender.OutboxHeaders#DEAD_LETTER_REASON why} it failed. The row records the dead letter's broker message
         * id as {@code dead-letter:<id>}; a dead letter that could not be published is noted in its fail reason.
         *
         * @param messageType a message type
         * @param sender the sender that publishes the dead letters, usually the type's own
         * @param topic the dead-letter destination: the Kafka or RocketMQ topic, or the RabbitMQ exchange (the
         * routing key is the one the message had)
         * @return this builder
         * @throws IllegalArgumentException when the topic is blank
         */
        public Builder deadLetters(String messageType, MessageSender sender, String topic) {
            if (topic == null || topic.isBlank()) {
                throw new IllegalArgumentException("the dead-letter topic of message type '" + messageType
                        + "' must not be blank");
            }
            this.deadLetters.put(messageType, new DeadLetterRoute(sender, topic));
            return this;
        }

        /**
         * @return the routes
         */
        public MessageRoutes build() {
            return new MessageRoutes(this);
        }

        private void requireNoHandler(String messageType, String what) {
            NamedHandler handler = this.handlers.get(messageType);
            if (handler != null) {
                throw new IllegalArgumentException("message type '" + messageType + "' cannot be routed to " + what
                        + ": it goes to local handler '" + handler.name() + "' already");
            }
        }

        private static String requireName(String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a local handler needs a name, recorded on the rows it handles");
            }
            if (name.length() > MAX_NAME_LENGTH) {
                throw new IllegalArgumentException("local handler name '" + name + "' is longer than "
                        + MAX_NAME_LENGTH + " characters");
            }
            return name;
        }
    }
}
