/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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

    /** Keeps what a handler records within the 255 characters of the message id column. */
    private static final int MAX_NAME_LENGTH = 200;

    private final Map<String, MessageSender> senders;

    private final @Nullable MessageSender defaultSender;

    private final Set<String> pulledTopics;

    private final HandlerRoutes handlers;

    private final FailureRoutes failures;

    private MessageRoutes(Builder builder) {
        this.senders = Map.copyOf(builder.senders);
        this.defaultSender = builder.defaultSender;
        this.pulledTopics = Set.copyOf(builder.pulledTopics);
        this.handlers = new HandlerRoutes(builder.handlers, builder.fallbacks);
        this.failures = new FailureRoutes(builder.nonRetryable, builder.deadLetters);
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
        if (this.handlers.handles(messageType)) {
            return Optional.empty();
        }
        MessageSender sender = this.senders.get(messageType);
        return Optional.ofNullable((sender != null) ? sender : this.defaultSender);
    }

    /**
     * @param messageType a message type
     * @return whether a fallback handler takes its messages over after failed sends (its outage failures
     * count as attempts then, so that the fallback takes over during an outage), and so whether an operator can
     * switch the type to it ({@link dev.outbox.route.RouteSwitchMode#FALLBACK})
     */
    public boolean hasFallback(String messageType) {
        return this.handlers.hasFallback(messageType);
    }

    /**
     * @return the types that handlers in this process take
     */
    HandlerRoutes handlers() {
        return this.handlers;
    }

    /**
     * @return what a failure does beyond the retry policy
     */
    FailureRoutes failures() {
        return this.failures;
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
     * @return the topics whose messages pull consumers receive, and the dispatcher leaves alone
     */
    public Set<String> pulledTopics() {
        return this.pulledTopics;
    }

    /**
     * Builds {@link MessageRoutes}.
     */
    public static final class Builder {

        private final Map<String, MessageSender> senders = new LinkedHashMap<>();

        private final Map<String, HandlerRoutes.NamedHandler> handlers = new LinkedHashMap<>();

        private final Map<String, HandlerRoutes.Fallback> fallbacks = new LinkedHashMap<>();

        private final Set<String> pulledTopics = new TreeSet<>();

        private final Map<String, Set<Class<? extends Throwable>>> nonRetryable = new LinkedHashMap<>();

        private final Map<String, FailureRoutes.DeadLetterRoute> deadLetters = new LinkedHashMap<>();

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
            this.handlers.put(messageType, new HandlerRoutes.NamedHandler(requireName(name), handler));
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
            this.fallbacks.put(messageType, new HandlerRoutes.Fallback(new HandlerRoutes.NamedHandler(requireName(name), handler), afterFailures));
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
            this.deadLetters.put(messageType, new FailureRoutes.DeadLetterRoute(sender, topic));
            return this;
        }

        /**
         * @return the routes
         */
        public MessageRoutes build() {
            return new MessageRoutes(this);
        }

        private void requireNoHandler(String messageType, String what) {
            HandlerRoutes.NamedHandler handler = this.handlers.get(messageType);
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
