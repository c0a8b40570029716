/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

import org.apache.rocketmq.broker.BrokerController;
import org.apache.rocketmq.common.BrokerConfig;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.namesrv.NamesrvConfig;
import org.apache.rocketmq.common.topic.TopicValidator;
import org.apache.rocketmq.namesrv.NamesrvController;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyServerConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.store.config.MessageStoreConfig;
import org.apache.rocketmq.store.exception.ConsumeQueueException;

/**
 * A RocketMQ name server and broker in the benchmark's JVM, bound to 127.0.0.1 on free ports, with the broker's
 * defaults (asynchronous flush) but a small commit log file, and their files in a temporary folder that
 * {@link #close} deletes. The pitfalls of running them in-process are in the project's TESTING.md.
 */
final class InProcessRocketMq implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private static final Duration REGISTRATION_INTERVAL = Duration.ofMillis(300);

    private final Path data;

    private final NamesrvController nameServer;

    private final BrokerController broker;

    private InProcessRocketMq(Path data, NamesrvController nameServer, BrokerController broker) {
        this.data = data;
        this.nameServer = nameServer;
        this.broker = broker;
    }

    /**
     * @return a started name server and broker, whose route clients find
     */
    static InProcessRocketMq start() throws Exception {
        // Without it, requests carry no version and the name server ignores the topics a broker registers.
        System.setProperty(RemotingCommand.REMOTING_VERSION_KEY, Integer.toString(MQVersion.CURRENT_VERSION));
        Path data = Files.createTempDirectory("outbox-benchmark-rocketmq");
        NamesrvController nameServer = null;
        try {
            nameServer = startNameServer(data);
            InProcessRocketMq started = new InProcessRocketMq(data, nameServer,
                    startBroker(data, LOOPBACK + ":" + nameServer.getNettyServerConfig().getListenPort()));
            started.awaitRoute(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC);
            return started;
        }
        catch (Exception | Error ex) {
            if (nameServer != null) {
                nameServer.shutdown();
            }
            Directories.deleteRecursively(data);
            throw ex;
        }
    }

    /**
     * @return the name server's address, {@code 127.0.0.1:port}
     */
    String nameServerAddress() {
        return LOOPBACK + ":" + this.nameServer.getNettyServerConfig().getListenPort();
    }

    /**
     * Creates a topic and waits until clients can find its route.
     *
     * @param topic the topic
     * @param queues its read and write queues
     */
    void createTopic(String topic, int queues) {
        this.broker.getTopicConfigManager().updateTopicConfig(new TopicConfig(topic, queues, queues));
        awaitRoute(topic);
    }

    /**
     * @param topic the topic
     * @param queues its queues
     * @return how many messages its queues hold, once the broker has indexed every message it stored
     */
    long messages(String topic, int queues) throws ConsumeQueueException {
        Waiting.until(() -> this.broker.getMessageStore().dispatchBehindBytes() == 0, PATIENCE,
                () -> "the RocketMQ broker did not index what it stored");
        long messages = 0;
        for (int queue = 0; queue < queues; queue++) {
            messages += this.broker.getMessageStore().getMaxOffsetInQueue(topic, queue);
        }
        return messages;
    }

    /**
     * Deletes a topic, its route and its messages.
     *
     * @param topic the topic
     */
    void deleteTopic(String topic) {
        this.broker.getTopicConfigManager().deleteTopicConfig(topic);
        this.broker.getMessageStore().deleteTopics(Set.of(topic));
        this.nameServer.getRouteInfoManager().deleteTopic(topic);
    }

    /**
     * Shuts the broker and the name server down, which takes the broker a while, and deletes their files.
     */
    @Override
    public void close() {
        this.broker.shutdown();
        this.nameServer.shutdown();
        Directories.deleteRecursively(this.data);
    }

    private static NamesrvController startNameServer(Path data) throws Exception {
        NamesrvConfig config = new NamesrvConfig();
        config.setKvConfigPath(data.resolve("namesrv/kvConfig.json").toString());
        config.setConfigStorePath(data.resolve("namesrv/namesrv.properties").toString());
        NamesrvController nameServer = new NamesrvController(config, loopbackServer(), new NettyClientConfig());
        if (!nameServer.initialize()) {
            throw new IllegalStateException("The RocketMQ name server did not initialize");
        }
        nameServer.start();
        return nameServer;
    }

    private static BrokerController startBroker(Path data, String nameServerAddress) throws Exception {
        BrokerConfig config = new BrokerConfig();
        config.setBrokerClusterName("outbox-benchmark-cluster");
        config.setBrokerName("outbox-benchmark-broker");
        config.setBrokerId(MixAll.MASTER_ID);
        // Otherwise the broker advertises the address of a network card.
        config.setBrokerIP1(LOOPBACK);
        config.setBrokerIP2(LOOPBACK);
        config.setNamesrvAddr(nameServerAddress);
        MessageStoreConfig store = new MessageStoreConfig();
        store.setStorePathRootDir(data.resolve("store").toString());
        store.setStorePathCommitLog(data.resolve("store/commitlog").toString());
        store.setMappedFileSizeCommitLog(64 * 1024 * 1024);
        store.setHaListenPort(0);
        BrokerController broker = new BrokerController(config, loopbackServer(), new NettyClientConfig(), store);
        if (!broker.initialize()) {
            throw new IllegalStateException("The RocketMQ broker did not initialize");
        }
        broker.start();
        return broker;
    }

    /**
     * @return a server configuration on 127.0.0.1 and a free port, which the server writes back when it starts
     */
    private static NettyServerConfig loopbackServer() {
        NettyServerConfig server = new NettyServerConfig();
        server.setBindAddress(LOOPBACK);
        server.setListenPort(0);
        return server;
    }

    /**
     * Waits until the name server has the topic's route, registering the broker again now and then while it has
     * not: a registration may be skipped, for example while the broker is still starting.
     */
    private void awaitRoute(String topic) {
        long[] lastRegistration = {System.nanoTime() - REGISTRATION_INTERVAL.toNanos()};
        Waiting.until(() -> {
            if (this.nameServer.getRouteInfoManager().pickupTopicRouteData(topic) != null) {
                return true;
            }
            if (System.nanoTime() - lastRegistration[0] >= REGISTRATION_INTERVAL.toNanos()) {
                this.broker.registerBrokerAll(true, false, true);
                lastRegistration[0] = System.nanoTime();
            }
            return false;
        }, PATIENCE, () -> "the RocketMQ name server did not get the route of topic " + topic);
    }
}
