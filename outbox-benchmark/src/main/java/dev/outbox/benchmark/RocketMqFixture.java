/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.Optional;

import dev.outbox.sender.rocketmq.RocketMqMessageSender;
import dev.outbox.spi.MessageSender;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.store.exception.ConsumeQueueException;

/**
 * RocketMQ: a name server and a broker in the benchmark's JVM ({@link InProcessRocketMq}), and the RocketMQ sender
 * over a {@link DefaultMQProducer} with the client's defaults. Each drain's topic has 4 queues, as a topic the
 * broker creates by itself has.
 */
final class RocketMqFixture implements BrokerFixture {

    private static final int QUEUES = 4;

    /** On Java 24 and later Netty 4.2 frees only the direct buffers it allocated itself (tested on Java 25). */
    private static final int FIRST_JAVA_WITHOUT_UNMAPPING = 24;

    private InProcessRocketMq servers;

    private DefaultMQProducer producer;

    /**
     * @throws BrokerUnavailableException on Java 24 and later, where the broker's store cannot unmap its files
     */
    @Override
    public MessageSender start() throws Exception {
        Optional<String> unsupported = unsupportedJava(Runtime.version().feature());
        if (unsupported.isPresent()) {
            throw new BrokerUnavailableException(unsupported.get());
        }
        this.servers = InProcessRocketMq.start();
        this.producer = new DefaultMQProducer("outbox-benchmark");
        this.producer.setNamesrvAddr(this.servers.nameServerAddress());
        this.producer.start();
        return new RocketMqMessageSender(this.producer);
    }

    /**
     * @param javaVersion the feature version of the JVM, 17 for Java 17
     * @return why the broker cannot run in a JVM of that version, if it cannot
     */
    static Optional<String> unsupportedJava(int javaVersion) {
        if (javaVersion < FIRST_JAVA_WITHOUT_UNMAPPING) {
            return Optional.empty();
        }
        return Optional.of("RocketMQ " + MQVersion.getVersionDesc(MQVersion.CURRENT_VERSION) + "'s broker cannot "
                + "run in the benchmark's JVM on Java " + javaVersion + ": its store unmaps its files through Netty, "
                + "whose cleaner on Java 24 and later refuses buffers Netty did not allocate, so deleting a topic and "
                + "stopping fail; run phase B on Java 17 to 21 for RocketMQ");
    }

    @Override
    public String server() {
        return "RocketMQ " + MQVersion.getVersionDesc(MQVersion.CURRENT_VERSION)
                + ", a name server and a broker in the benchmark's JVM";
    }

    @Override
    public String setup() {
        return "asynchronous sends, SEND_OK from a broker of default settings (asynchronous flush); a topic of "
                + QUEUES + " queues";
    }

    @Override
    public void createDestination(String topic) {
        this.servers.createTopic(topic, QUEUES);
    }

    @Override
    public long messagesAt(String topic) throws ConsumeQueueException {
        return this.servers.messages(topic, QUEUES);
    }

    @Override
    public void deleteDestination(String topic) {
        this.servers.deleteTopic(topic);
    }

    @Override
    public void close() {
        if (this.producer != null) {
            this.producer.shutdown();
        }
        if (this.servers != null) {
            this.servers.close();
        }
    }
}
