/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import java.util.Map;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.OutgoingMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

/** The JMS message of an outbox message. */
final class JmsMessages {

    /** The JMS property by which a message belongs to a message group, which providers deliver to one consumer. */
    static final String GROUP_ID = "JMSXGroupID";

    private JmsMessages() {
    }

    /**
     * @param session the session to create it in
     * @param message the outbox message
     * @return a text message with the body, the message type as {@code JMSType}, the headers of
     * {@link OutboxHeaders#of} as properties named by {@link JmsPropertyNames}, and the ordering key as
     * {@value #GROUP_ID}
     */
    static TextMessage of(Session session, OutgoingMessage message) throws JMSException {
        TextMessage jms = session.createTextMessage(message.body());
        jms.setJMSType(message.type());
        for (Map.Entry<String, String> header : OutboxHeaders.of(message).entrySet()) {
            jms.setStringProperty(JmsPropertyNames.of(header.getKey()), header.getValue());
        }
        if (message.orderingKey() != null) {
            jms.setStringProperty(GROUP_ID, message.orderingKey());
        }
        return jms;
    }
}
