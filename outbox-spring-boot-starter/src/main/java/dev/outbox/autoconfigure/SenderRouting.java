package dev.outbox.autoconfigure;

import java.util.Map;
import java.util.TreeMap;

import dev.outbox.dispatch.MessageRoutes;
import dev.outbox.spi.MessageSender;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the {@link MessageRoutes} from {@code outbox.routes.*} and {@code outbox.default-sender},
 * which name {@link MessageSender} beans. A name that is not a sender bean fails the start, naming
 * the property and the senders that exist. A route's {@code topic} sends its type to that
 * destination, through the route's sender or, when the route names none, the default sender.
 */
final class SenderRouting {

    private static final Logger logger = LoggerFactory.getLogger(SenderRouting.class);

    private final Map<String, MessageSender> senders;

    /**
     * @param senders the application's sender beans by bean name
     */
    SenderRouting(Map<String, MessageSender> senders) {
        this.senders = new TreeMap<>(senders);
    }

    MessageRoutes routes(OutboxProperties properties) {
        if (this.senders.isEmpty()) {
            throw new IllegalStateException("The outbox dispatcher is enabled but there is no MessageSender bean to "
                    + "deliver messages with: add a broker sender, enable outbox.logging-sender.enabled for "
                    + "development, or set outbox.dispatcher.enabled=false on instances that only write");
        }
        MessageRoutes.Builder routes = MessageRoutes.builder();
        MessageSender defaultSender = defaultSender(properties.getDefaultSender());
        properties.getRoutes().forEach((type, route) -> {
            String prefix = "outbox.routes" + OutboxSettings.mapKey(type);
            routes.route(type, routeSender(prefix, route, defaultSender));
        });
        if (defaultSender != null) {
            routes.defaultSender(defaultSender);
        }
        else {
            logger.info("The outbox has no default sender (outbox.default-sender is not set and there are {} "
                    + "MessageSender beans: {}); messages of types without a route in outbox.routes fail and are "
                    + "retried", this.senders.size(), this.senders.keySet());
        }
        return routes.build();
    }

    private MessageSender routeSender(String prefix, OutboxProperties.Route route,
            @Nullable MessageSender defaultSender) {
        MessageSender sender = (route.getSender() == null && defaultSender != null) ? defaultSender
                : sender(prefix + ".sender", route.getSender());
        if (route.getRoutingKey() != null && route.getRoutingKey().isBlank()) {
            throw new IllegalStateException(prefix + ".routing-key is empty: name the RabbitMQ routing key of this "
                    + "message type, or remove the property to route by ordering key or message key");
        }
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
