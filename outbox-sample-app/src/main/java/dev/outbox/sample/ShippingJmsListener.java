/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.sender.jms.JmsPropertyNames;
import jakarta.jms.JMSException;
import jakarta.jms.TextMessage;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;

import org.springframework.boot.artemis.autoconfigure.ArtemisConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Profile;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.stereotype.Component;

/**
 * Feeds the shipping side from the JMS queues the outbox sends orders and tracking steps to, on the ActiveMQ Artemis
 * broker that Spring Boot embeds in the application. Boot's listener containers receive in a transacted session: a
 * listener error rolls the session back, and the broker delivers the message again {@value #REDELIVERY_DELAY_MILLIS}
 * ms later, without end (Artemis's default gives up after ten deliveries and moves the message to the dead-letter
 * queue, and a step that never came would hold its order's later steps forever). A held tracking step is delivered
 * again after the earlier one. The inbox turns every repeat into a no-op.
 */
@Component
@Profile("jms")
class ShippingJmsListener {

    /** How long the broker waits before it delivers a message whose session rolled back. */
    static final long REDELIVERY_DELAY_MILLIS = 100;

    /** The outbox's headers, each carried by the JMS property that {@link JmsPropertyNames} names. */
    private static final List<String> OUTBOX_HEADERS = List.of(OutboxHeaders.ID, OutboxHeaders.TYPE, OutboxHeaders.KEY,
            OutboxHeaders.ORDERING_KEY, OutboxHeaders.SEQUENCE, OutboxHeaders.SKIPPED);

    private final ShippingService shipping;

    private final TrackingConsumer tracking;

    ShippingJmsListener(ShippingService shipping, TrackingConsumer tracking) {
        this.shipping = shipping;
        this.tracking = tracking;
    }

    @JmsListener(destination = MessageDestinations.ORDERS)
    void onOrderCreated(String orderCreatedJson) {
        this.shipping.ship(orderCreatedJson);
    }

    @JmsListener(destination = MessageDestinations.TRACKING)
    void onTrackingStep(TextMessage message) throws JMSException {
        this.tracking.apply(headers(message), message.getText());
    }

    /**
     * The embedded broker's setting for every address: a rolled-back message comes again after a short delay, however
     * often, instead of going to the dead-letter queue after ten deliveries. Boot's own setting of the dead-letter and
     * expiry addresses stays.
     */
    @Bean
    static ArtemisConfigurationCustomizer redeliveryWithoutEnd() {
        return configuration -> configuration.getAddressSettings().computeIfAbsent("#", match -> new AddressSettings())
                .setMaxDeliveryAttempts(-1).setRedeliveryDelay(REDELIVERY_DELAY_MILLIS);
    }

    /**
     * The message's string properties as they are (the trace context among them), and the outbox's headers under their
     * own names: JMS property names cannot hold a {@code -} ({@code outbox_sequence} carries {@code outbox-sequence}).
     */
    private static Map<String, String> headers(TextMessage message) throws JMSException {
        Map<String, String> headers = new LinkedHashMap<>();
        Enumeration<?> names = message.getPropertyNames();
        while (names.hasMoreElements()) {
            String name = (String) names.nextElement();
            headers.put(name, message.getStringProperty(name));
        }
        for (String header : OUTBOX_HEADERS) {
            String value = message.getStringProperty(JmsPropertyNames.of(header));
            if (value != null) {
                headers.put(header, value);
            }
        }
        return headers;
    }
}
