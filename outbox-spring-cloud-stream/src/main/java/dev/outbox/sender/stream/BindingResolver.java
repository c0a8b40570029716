/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.cloud.stream.binder.Binder;
import org.springframework.cloud.stream.binder.BinderFactory;
import org.springframework.cloud.stream.config.BindingServiceProperties;
import org.springframework.messaging.MessageChannel;
import org.springframework.util.ClassUtils;

/**
 * Finds, once per binding, how it reports the broker's confirmation: from its binder (RabbitMQ's or Kafka's, when
 * they are on the class path) and its settings. A binding that cannot report one is refused, with a warning in the
 * log and the reason on each message, unless the application accepted the binder's hand-off as the confirmation.
 */
final class BindingResolver {

    private static final Logger logger = LoggerFactory.getLogger(BindingResolver.class);

    private static final ClassLoader CLASS_LOADER = BindingResolver.class.getClassLoader();

    private static final boolean RABBIT_BINDER = ClassUtils.isPresent(
            "org.springframework.cloud.stream.binder.rabbit.RabbitMessageChannelBinder", CLASS_LOADER);

    private static final boolean KAFKA_BINDER = ClassUtils.isPresent(
            "org.springframework.cloud.stream.binder.kafka.KafkaMessageChannelBinder", CLASS_LOADER);

    private final BinderFactory binders;

    private final BindingServiceProperties properties;

    private final @Nullable KafkaSendFutures kafkaSendFutures;

    private final boolean pipelined;

    private final boolean sentOnHandoff;

    private final Map<String, BindingConfirms> confirms = new ConcurrentHashMap<>();

    BindingResolver(BinderFactory binders, BindingServiceProperties properties, @Nullable KafkaSendFutures kafkaSendFutures,
            boolean pipelined, boolean sentOnHandoff) {
        this.binders = binders;
        this.properties = properties;
        this.kafkaSendFutures = kafkaSendFutures;
        this.pipelined = pipelined;
        this.sentOnHandoff = sentOnHandoff;
    }

    /**
     * @param binding a binding's name
     * @return how it reports the broker's confirmation
     */
    BindingConfirms confirmsFor(String binding) {
        return this.confirms.computeIfAbsent(binding, this::resolve);
    }

    private BindingConfirms resolve(String binding) {
        String binderName = this.properties.getBinder(binding);
        Binder<?, ?, ?> binder = this.binders.getBinder(binderName, MessageChannel.class);
        BindingConfirms found = known(binder, binding);
        if (this.pipelined && !(found instanceof KafkaConfirms || found instanceof RefusedBinding)) {
            found = new RefusedBinding("The binding '" + binding + "' is not a Kafka binding, while the sender "
                    + "pipelines the sends of an ordering key, which only Kafka bindings keep in order");
        }
        else if (found == null) {
            found = this.sentOnHandoff ? HandoffConfirms.INSTANCE : new RefusedBinding("The binding '" + binding
                    + "' has a binder (" + binder.getClass().getName() + ") that reports no broker confirmation this "
                    + "sender can read, so no message sent through it can count as sent: use the RabbitMQ or the Kafka "
                    + "binder, or set outbox.stream.sent-on-handoff=true if this binder sends synchronously and throws "
                    + "when the broker refuses a message");
        }
        if (found instanceof RefusedBinding refused) {
            logger.warn("{}; each message sent through it fails with this reason", refused.reason());
        }
        return found;
    }

    private @Nullable BindingConfirms known(Binder<?, ?, ?> binder, String binding) {
        BindingConfirms found = null;
        if (RABBIT_BINDER) {
            found = RabbitConfirms.of(binder, binding);
        }
        if (found == null && KAFKA_BINDER) {
            found = KafkaConfirms.of(binder, binding, this.properties.getBindingDestination(binding),
                    this.kafkaSendFutures, this.pipelined);
        }
        return found;
    }
}
