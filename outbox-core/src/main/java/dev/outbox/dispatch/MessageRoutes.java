package dev.outbox.dispatch;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import dev.outbox.spi.MessageSender;
import org.jspecify.annotations.Nullable;

/**
 * Which sender delivers each message type. A type without a route of its own goes to the default
 * sender; with no default either, its messages fail with a clear reason and are retried, never
 * dropped.
 */
public final class MessageRoutes {

    private final Map<String, MessageSender> byType;

    private final @Nullable MessageSender defaultSender;

    private MessageRoutes(Map<String, MessageSender> byType, @Nullable MessageSender defaultSender) {
        this.byType = Map.copyOf(byType);
        this.defaultSender = defaultSender;
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
     * @return the sender of that type, if one is routed
     */
    public Optional<MessageSender> senderFor(String messageType) {
        MessageSender sender = this.byType.get(messageType);
        return Optional.ofNullable((sender != null) ? sender : this.defaultSender);
    }

    /**
     * Builds {@link MessageRoutes}.
     */
    public static final class Builder {

        private final Map<String, MessageSender> byType = new LinkedHashMap<>();

        private @Nullable MessageSender defaultSender;

        private Builder() {
        }

        /**
         * @param messageType a message type
         * @param sender the sender of that type
         * @return this builder
         */
        public Builder route(String messageType, MessageSender sender) {
            this.byType.put(messageType, sender);
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
         * @return the routes
         */
        public MessageRoutes build() {
            return new MessageRoutes(this.byType, this.defaultSender);
        }
    }
}
