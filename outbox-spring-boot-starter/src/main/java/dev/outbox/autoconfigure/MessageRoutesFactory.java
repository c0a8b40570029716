/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.outbox.MessageRoutes;
import dev.outbox.spi.MessageSender;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the {@link MessageRoutes} from {@code outbox.routes.*}, {@code outbox.default-sender},
 * {@code outbox.pull.topics} and the {@link dev.outbox.handler.OutboxHandler} methods. A route
 * names a {@link MessageSender} bean, or a local handler (and then nothing broker-related), and may
 * name a fallback handler. A name that matches no bean fails the start, naming the property and
 * what exists. A route's {@code topic} sends its type to that destination, through the route's
 * sender or, when the route names none, the default sender. Its {@code non-retryable} exceptions make a
 * message FAILED at once; its {@code dead-letter-topic} receives a copy of each message that goes FAILED,
 * through the same sender, which a local handler's route has none of.
 */
final class MessageRoutesFactory {

    private static final Logger logger = LoggerFactory.getLogger(MessageRoutesFactory.class);

    private final Map<String, MessageSender> senders;

    private final LocalHandlerRegistry handlers;

    private final ExceptionTypeNames exceptionTypes;

    /**
     * @param senders the application's sender beans by bean name
     * @param handlers the application's local handlers
     * @param exceptionTypes resolves the names of non-retryable exceptions
     */
    MessageRoutesFactory(Map<String, MessageSender> senders, LocalHandlerRegistry handlers,
            ExceptionTypeNames exceptionTypes) {
        this.senders = new TreeMap<>(senders);
        this.handlers = handlers;
        this.exceptionTypes = exceptionTypes;
    }

    MessageRoutes routes(OutboxProperties properties) {
        Set<String> pulledTopics = properties.getPull().getTopics();
        if (this.senders.isEmpty() && this.handlers.isEmpty() && pulledTopics.isEmpty()) {
            throw new IllegalStateException("The outbox dispatcher is enabled but there is no MessageSender bean to "
                    + "deliver messages with and no local handler: add a broker sender, a MessageHandler bean or "
                    + "an @OutboxHandler method, enable outbox.logging-sender.enabled for development, or set "
                    + "outbox.dispatcher.enabled=false on instances that only write");
        }
        MessageRoutes.Builder routes = MessageRoutes.builder();
        MessageSender defaultSender = defaultSender(properties.getDefaultSender());
        this.handlers.annotatedRoutes().forEach((type, name) -> inContext("@OutboxHandler method '" + name + "'",
                () -> routes.handle(type, name, this.handlers.named("@OutboxHandler", name))));
        properties.getRoutes().forEach((type, route) -> {
            String prefix = "outbox.routes" + OutboxSettings.mapKey(type);
            inContext(prefix, () -> route(routes, type, prefix, route, defaultSender));
        });
        pulledTopics.forEach(topic -> inContext("outbox.pull.topics", () -> routes.pullTopic(topic.trim())));
        if (defaultSender != null) {
            routes.defaultSender(defaultSender);
        }
        else if (!this.senders.isEmpty()) {
            logger.info("The outbox has no default sender (outbox.default-sender is not set and there are {} "
                    + "MessageSender beans: {}); messages of types without a route in outbox.routes fail and are "
                    + "retried", this.senders.size(), this.senders.keySet());
        }
        return routes.build();
    }

    /** Names the configuration that a route's rejection came from. */
    private static void inContext(String source, Runnable step) {
        try {
            step.run();
        }
        catch (IllegalArgumentException ex) {
            throw new IllegalStateException(source + ": " + ex.getMessage(), ex);
        }
    }

    private void route(MessageRoutes.Builder routes, String type, String prefix, OutboxProperties.Route route,
            @Nullable MessageSender defaultSender) {
        this.exceptionTypes.resolve(prefix + ".non-retryable", route.getNonRetryable())
                .forEach(errorType -> routes.nonRetryable(type, errorType));
        if (route.getHandler() != null) {
            requireUnsetForLocalHandler(prefix, "sender", route.getSender());
            requireUnsetForLocalHandler(prefix, "topic", route.getTopic());
            requireUnsetForLocalHandler(prefix, "routing-key", route.getRoutingKey());
            requireUnsetForLocalHandler(prefix, "fallback-handler", route.getFallbackHandler());
            requireUnsetForLocalHandler(prefix, "dead-letter-topic", route.getDeadLetterTopic());
            routes.handle(type, route.getHandler().trim(), this.handlers.named(prefix + ".handler", route.getHandler()));
            return;
        }
        MessageSender sender = routeSender(prefix, route, defaultSender);
        routes.route(type, withTopic(prefix, route, sender));
        String deadLetterTopic = deadLetterTopic(prefix, route);
        if (deadLetterTopic != null) {
            routes.deadLetters(type, sender, deadLetterTopic);
        }
        String fallback = route.getFallbackHandler();
        if (fallback != null) {
            routes.fallback(type, fallback.trim(), this.handlers.named(prefix + ".fallback-handler", fallback),
                    route.getFallbackAfter());
        }
    }

    private static void requireUnsetForLocalHandler(String prefix, String property, @Nullable String value) {
        if (value != null) {
            throw new IllegalStateException(prefix + "." + property + " cannot be set together with " + prefix
                    + ".handler: a type handled locally never goes to a broker");
        }
    }

    /** The route's own sender or the default sender, to the topic each message names. */
    private MessageSender routeSender(String prefix, OutboxProperties.Route route,
            @Nullable MessageSender defaultSender) {
        MessageSender sender = (route.getSender() == null && defaultSender != null) ? defaultSender
                : sender(prefix + ".sender", route.getSender());
        if (route.getRoutingKey() != null && route.getRoutingKey().isBlank()) {
            throw new IllegalStateException(prefix + ".routing-key is empty: name the RabbitMQ routing key of this "
                    + "message type, or remove the property to route by ordering key or message key");
        }
        return sender;
    }

    /** The sender of the route's messages: to the route's topic, if it has one. */
    private static MessageSender withTopic(String prefix, OutboxProperties.Route route, MessageSender sender) {
        String topic = route.getTopic();
        if (topic == null) {
            return sender;
        }
        if (topic.isBlank()) {
            throw new IllegalStateException(prefix + ".topic is empty: name the destination of this message type, "
                    + "or remove the property to send to the topic each message was saved with");
        }
        return new TopicOverridingSender(topic.trim(), sender);
    }

    private static @Nullable String deadLetterTopic(String prefix, OutboxProperties.Route route) {
        String deadLetterTopic = route.getDeadLetterTopic();
        if (deadLetterTopic == null) {
            return null;
        }
        if (deadLetterTopic.isBlank()) {
            throw new IllegalStateException(prefix + ".dead-letter-topic is empty: name the destination of this "
                    + "message type's dead letters, or remove the property to leave FAILED messages in the table only");
        }
        if (route.getTopic() != null && deadLetterTopic.trim().equals(route.getTopic().trim())) {
            throw new IllegalStateException(prefix + ".dead-letter-topic is " + prefix + ".topic ('"
                    + route.getTopic().trim() + "'): a dead letter would reach the type's own consumers as a new "
                    + "message; name a destination of its own");
        }
        return deadLetterTopic.trim();
    }

    private @Nullable MessageSender defaultSender(@Nullable String name) {
        if (name != null) {
            return sender("outbox.default-sender", name);
        }
        return (this.senders.size() == 1) ? this.senders.values().iterator().next() : null;
    }

    private MessageSender sender(String property, @Nullable String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalStateException(property + " is required: name the MessageSender bean that delivers "
                    + "this message type (MessageSender beans: " + this.senders.keySet() + ")");
        }
        MessageSender sender = this.senders.get(name.trim());
        if (sender == null) {
            throw new IllegalStateException(property + " names '" + name + "', which is not a MessageSender bean; "
                    + "the MessageSender beans are " + this.senders.keySet());
        }
        return sender;
    }
}
