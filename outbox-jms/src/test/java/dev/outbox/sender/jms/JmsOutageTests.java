/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.outbox.spi.MessageSender;
import dev.outbox.testing.BrokerOutageContract;
import jakarta.jms.JMSException;
import jakarta.jms.Message;

/**
 * An ActiveMQ Artemis broker stopped in the middle of a run and started again with its journal, with the core and
 * this module only.
 */
class JmsOutageTests extends BrokerOutageContract {

    private static final String QUEUE_PREFIX = "queue:";

    /** The broker's port, chosen before the contract's link to it is made. */
    private static final int PORT = ArtemisBroker.freePort();

    private final ArtemisBroker broker;

    private JmsMessageSender sender;

    JmsOutageTests() throws Exception {
        super("127.0.0.1", PORT);
        this.broker = ArtemisBroker.startPersistent(PORT);
    }

    @Override
    protected MessageSender connectThrough(int port) {
        this.sender = JmsMessageSender.builder(ArtemisBroker.connectionFactory(port, true)).build();
        return this.sender;
    }

    @Override
    protected String newTopic() {
        return QUEUE_PREFIX + ArtemisBroker.CREATED + "outage." + UUID.randomUUID();
    }

    @Override
    protected void loseBroker() throws Exception {
        this.broker.stop();
    }

    @Override
    protected void restoreBroker() throws Exception {
        this.broker.restart();
    }

    @Override
    protected List<String> outboxIdsIn(String topic) throws JMSException {
        List<String> ids = new ArrayList<>();
        for (Message message : this.broker.receive(topic.substring(QUEUE_PREFIX.length()), 100)) {
            ids.add(message.getStringProperty(JmsPropertyNames.of("outbox-id")));
        }
        return ids;
    }

    @Override
    protected void disconnect() throws Exception {
        if (this.sender != null) {
            this.sender.close();
        }
        this.broker.close();
    }
}
