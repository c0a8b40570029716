/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import dev.outbox.message.StoredMessage;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.sender.jms.JmsPropertyNames;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.DivertConfiguration;
import org.apache.activemq.artemis.core.server.ComponentConfigurationRoutingType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.artemis.autoconfigure.ArtemisConfigurationCustomizer;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order flow on the {@code jms} profile: H2 and the ActiveMQ Artemis broker that Spring Boot embeds in the test's
 * JVM, reached through its in-VM URL with a confirmation window, so that the outbox's sender sends asynchronously. The
 * broker keeps nothing after the context closes. The test's own divert copies every message of the orders queue to an
 * audit queue, where the test reads it back while the shipping listener consumes the original.
 */
@ActiveProfiles("jms")
@TestPropertySource(properties = "spring.datasource.url=jdbc:h2:mem:jms-order-flow;DB_CLOSE_DELAY=-1")
@DirtiesContext
class JmsOrderFlowTest extends OrderFlowContract {

    /** The queue that receives a copy of each message sent to the queue of orders. */
    private static final String AUDIT_QUEUE = OrderService.ORDERS_TOPIC + ".audit";

    @Autowired
    private ConnectionFactory connectionFactory;

    @Autowired
    private EmbeddedActiveMQ broker;

    @Test
    void theBrokerDeliversARolledBackMessageAgainWithoutEndAndKeepsBootsDeadLetterAddress() {
        AddressSettings tracking = this.broker.getActiveMQServer().getAddressSettingsRepository()
                .getMatch(OrderService.TRACKING_TOPIC);

        assertThat(tracking.getMaxDeliveryAttempts()).as("deliveries before the dead-letter address").isEqualTo(-1);
        assertThat(tracking.getRedeliveryDelay()).isEqualTo(ShippingJmsListener.REDELIVERY_DELAY_MILLIS);
        assertThat(tracking.getDeadLetterAddress().toString()).isEqualTo("DLQ");
    }

    @Override
    protected String brokerMessageId(long messageId) {
        return "ID:[0-9a-f-]+";
    }

    @Override
    protected void delivered(StoredMessage message) {
        JmsTemplate jms = new JmsTemplate(this.connectionFactory);
        jms.setReceiveTimeout(10_000);
        Message received = jms.receiveSelected(AUDIT_QUEUE,
                JmsPropertyNames.of(OutboxHeaders.ID) + " = '" + message.id() + "'");

        assertThat(received).isInstanceOf(TextMessage.class);
        assertSentAsSaved((TextMessage) received, message);
        assertThat(recordedBrokerMessageId(message)).isEqualTo(messageId(received));
        // The shipping listener ships the order; the same body sent to its queue again ships nothing more.
        shipsOnceAcrossARedelivery(message, () -> jms.convertAndSend(OrderService.ORDERS_TOPIC, message.body()));
    }

    private static void assertSentAsSaved(TextMessage received, StoredMessage message) {
        try {
            assertThat(received.getText()).isEqualTo(message.body());
            assertThat(received.getJMSType()).isEqualTo(message.messageType());
            assertThat(received.getStringProperty("JMSXGroupID")).isEqualTo(message.orderingKey());
            assertThat(received.getStringProperty(JmsPropertyNames.of(OutboxHeaders.KEY)))
                    .isEqualTo(message.messageKey());
        }
        catch (JMSException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static String messageId(Message received) {
        try {
            return received.getJMSMessageID();
        }
        catch (JMSException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** The audit queue, and the divert that copies the orders queue's messages to it. */
    @TestConfiguration(proxyBeanMethods = false)
    static class AuditQueue {

        @Bean
        ArtemisConfigurationCustomizer auditQueue() {
            return configuration -> configuration
                    .addQueueConfiguration(QueueConfiguration.of(AUDIT_QUEUE).setRoutingType(RoutingType.ANYCAST))
                    .addDivertConfiguration(new DivertConfiguration().setName(AUDIT_QUEUE + ".copy")
                            .setAddress(OrderService.ORDERS_TOPIC).setForwardingAddress(AUDIT_QUEUE).setExclusive(false)
                            .setRoutingType(ComponentConfigurationRoutingType.ANYCAST));
        }
    }
}
