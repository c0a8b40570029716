/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

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

    private InProcessRocketMq servers;

    private DefaultMQProducer producer;

    @Override
    public MessageSender start() throws Exception {
        this.servers = InProcessRocketMq.start();
        this.producer = new DefaultMQProducer("outbox-benchmark");
        this.producer.setNamesrvAddr(this.servers.nameServerAddress());
        this.producer.start();
        return new RocketMqMessageSender(this.producer);
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
