/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Session;

/**
 * The queue or topic that a message's topic names: {@code queue:<name>} a queue, {@code topic:<name>} a topic, and a
 * name without either prefix the destination of the sender's default domain. The name after the prefix goes to
 * {@link Session#createQueue} or {@link Session#createTopic} as it is, so a provider's own forms work after the prefix.
 *
 * @param topic whether it is a topic rather than a queue
 * @param name the name the provider resolves
 */
record JmsDestination(boolean topic, String name) {

    static final String QUEUE_PREFIX = "queue:";

    static final String TOPIC_PREFIX = "topic:";

    /**
     * @param topic the topic of an outbox message
     * @param pubSubDomain whether a name without a prefix names a topic rather than a queue
     * @return the destination it names
     * @throws InvalidDestinationException when nothing follows the prefix
     */
    static JmsDestination of(String topic, boolean pubSubDomain) throws InvalidDestinationException {
        JmsDestination destination;
        if (topic.startsWith(QUEUE_PREFIX)) {
            destination = new JmsDestination(false, topic.substring(QUEUE_PREFIX.length()));
        }
        else if (topic.startsWith(TOPIC_PREFIX)) {
            destination = new JmsDestination(true, topic.substring(TOPIC_PREFIX.length()));
        }
        else {
            destination = new JmsDestination(pubSubDomain, topic);
        }
        if (destination.name().isBlank()) {
            throw new InvalidDestinationException("The topic '" + topic + "' names no JMS destination: write "
                    + "'queue:<name>', 'topic:<name>' or a name of the default domain ("
                    + (pubSubDomain ? "topics" : "queues") + ")");
        }
        return destination;
    }

    /**
     * @param session the session to resolve it in
     * @return the provider's destination
     * @throws JMSException when the provider does not know or refuses the name
     */
    Destination resolve(Session session) throws JMSException {
        return this.topic ? session.createTopic(this.name) : session.createQueue(this.name);
    }
}
