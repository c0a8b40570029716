/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import dev.outbox.spi.MessageSender;

/**
 * A sender to Kafka: one KRaft broker in the benchmark's JVM ({@link InProcessKafka}), where each drain's topic is a
 * topic of one partition. A subclass builds the sender on the broker's bootstrap servers.
 */
abstract class KafkaBrokerFixture implements BrokerFixture {

    private InProcessKafka broker;

    @Override
    public final MessageSender start() {
        this.broker = InProcessKafka.start();
        return sender(this.broker.servers());
    }

    /**
     * @param servers the broker's bootstrap servers
     * @return the sender to the broker
     */
    abstract MessageSender sender(String servers);

    /** Closes what {@link #sender} made, before the broker stops; also after a start that failed. */
    abstract void closeSender();

    @Override
    public final String server() {
        return InProcessKafka.description();
    }

    @Override
    public final void createDestination(String topic) throws Exception {
        this.broker.createTopic(topic);
    }

    @Override
    public final long messagesAt(String topic) throws Exception {
        return this.broker.records(topic);
    }

    @Override
    public final void deleteDestination(String topic) throws Exception {
        this.broker.deleteTopic(topic);
    }

    @Override
    public final void close() {
        closeSender();
        if (this.broker != null) {
            this.broker.close();
        }
    }
}
