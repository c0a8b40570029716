/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import dev.outbox.sender.jms.JmsMessageSender;
import dev.outbox.spi.MessageSender;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * JMS: an ActiveMQ Artemis broker in the benchmark's JVM ({@link InProcessArtemis}) reached over TCP, and the JMS
 * sender over Artemis's JMS client with a confirmation window, so that an asynchronous send completes when the broker
 * confirmed it. Every message is sent persistently, so the broker confirms it once its journal has it. Each drain's
 * topic is a durable queue of its name. Asynchronous sends with the completion listener (the sender's default), a
 * batch's sends in flight together, or synchronous sends, one round trip per message.
 */
final class JmsFixture implements BrokerFixture {

    /** Artemis's client confirms asynchronous sends only with a confirmation window; 1 MiB, as the sender's docs say. */
    private static final int CONFIRMATION_WINDOW = 1024 * 1024;

    private final boolean asyncSend;

    private InProcessArtemis broker;

    private ActiveMQConnectionFactory connections;

    private JmsMessageSender sender;

    /**
     * @param asyncSend whether the sender sends asynchronously, with a completion listener, or each message
     * synchronously
     */
    JmsFixture(boolean asyncSend) {
        this.asyncSend = asyncSend;
    }

    @Override
    public MessageSender start() throws Exception {
        this.broker = InProcessArtemis.start();
        this.connections = new ActiveMQConnectionFactory(this.broker.url());
        this.connections.setConfirmationWindowSize(CONFIRMATION_WINDOW);
        this.sender = JmsMessageSender.builder(this.connections).asyncSend(this.asyncSend).build();
        return this.sender;
    }

    @Override
    public String server() {
        return "ActiveMQ Artemis " + this.broker.description() + ", in the benchmark's JVM, over TCP at "
                + this.broker.url();
    }

    @Override
    public String setup() {
        return (this.asyncSend ? "asynchronous sends with a completion listener (confirmation window 1 MiB)"
                : "synchronous sends, one round trip each") + "; persistent messages to a durable queue";
    }

    @Override
    public void createDestination(String topic) throws Exception {
        this.broker.createQueue(topic);
    }

    @Override
    public long messagesAt(String topic) {
        return this.broker.messages(topic);
    }

    @Override
    public void deleteDestination(String topic) throws Exception {
        this.broker.deleteQueue(topic);
    }

    @Override
    public void close() {
        if (this.sender != null) {
            this.sender.close();
        }
        if (this.connections != null) {
            this.connections.close();
        }
        if (this.broker != null) {
            this.broker.close();
        }
    }
}
