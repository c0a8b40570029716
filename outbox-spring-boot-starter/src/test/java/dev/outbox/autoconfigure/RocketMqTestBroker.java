/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.apache.rocketmq.broker.BrokerController;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.BrokerConfig;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.constant.PermName;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.namesrv.NamesrvConfig;
import org.apache.rocketmq.common.topic.TopicValidator;
import org.apache.rocketmq.namesrv.NamesrvController;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyServerConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.store.config.MessageStoreConfig;
import org.junit.jupiter.api.function.Executable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A RocketMQ name server and broker in the test JVM, bound to 127.0.0.1 on free ports, with all
 * their files under {@code target/rocketmq}: data in {@code data}, made anew by each JVM, and logs in
 * {@code logs} ({@code rmq.logback-test.xml}). They start on
 * first use and are shared by every test of the JVM: they start in a few seconds but take 15 to 25
 * seconds to shut down, so they are left to end with the JVM. A test can take the broker away and bring it back
 * ({@link #stopBroker}, {@link #restartBroker}) on the same port with the same store.
 */
final class RocketMqTestBroker {

    private static final Path DATA = Path.of("target", "rocketmq", "data").toAbsolutePath();

    private static final String LOOPBACK = "127.0.0.1";

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private static RocketMqTestBroker running;

    private final NamesrvController nameServer;

    private volatile BrokerController broker;

    private RocketMqTestBroker(NamesrvController nameServer, BrokerController broker) {
        this.nameServer = nameServer;
        this.broker = broker;
    }

    /**
     * @return the name server and broker of this JVM, started on the first call
     */
    static synchronized RocketMqTestBroker get() {
        if (running == null) {
            running = start();
        }
        return running;
    }

    /**
     * @return the name server's address, {@code 127.0.0.1:port}
     */
    String nameServerAddress() {
        return LOOPBACK + ":" + this.nameServer.getNettyServerConfig().getListenPort();
    }

    /**
     * Creates a topic on the broker, unless it exists, and waits until clients can find its route.
     *
     * @param topic the topic
     * @param queues its number of read and write queues
     */
    void createTopic(String topic, int queues) {
        if (this.broker.getTopicConfigManager().selectTopicConfig(topic) == null) {
            this.broker.getTopicConfigManager().updateTopicConfig(new TopicConfig(topic, queues, queues));
        }
        awaitRoute(topic);
    }

    /**
     * Reads a topic's queues from their beginning until at least the given number of messages came.
     *
     * @param topic the topic
     * @param atLeast how many messages to wait for
     * @return the messages read, at least that many
     */
    List<MessageExt> consume(String topic, int atLeast) throws MQClientException {
        return consumeUntil(topic, messages -> assertThat(messages).hasSizeGreaterThanOrEqualTo(atLeast));
    }

    /**
     * Reads a topic from its start, as a new consumer group, until what was read passes the check.
     *
     * @param topic the topic
     * @param check an assertion on the messages read so far
     * @return the messages read
     */
    List<MessageExt> consumeUntil(String topic, Consumer<List<MessageExt>> check) throws MQClientException {
        DefaultLitePullConsumer consumer = new DefaultLitePullConsumer("outbox-test-reader-" + UUID.randomUUID());
        consumer.setNamesrvAddr(nameServerAddress());
        consumer.setAutoCommit(false);
        consumer.setPullBatchSize(256);
        consumer.start();
        try {
            Collection<MessageQueue> queues = consumer.fetchMessageQueues(topic);
            consumer.assign(queues);
            for (MessageQueue queue : queues) {
                // The in-process broker now and then drops the reader's first admin request: it is asked again.
                await().atMost(PATIENCE).ignoreExceptions().untilAsserted(() -> consumer.seekToBegin(queue));
            }
            List<MessageExt> messages = new CopyOnWriteArrayList<>();
            await().atMost(PATIENCE).untilAsserted(() -> {
                // Everything the queues hold now, before the check: one poll a try read too few for a backlog of
                // thousands (an outage test's load) within the patience.
                for (List<MessageExt> read = consumer.poll(200); !read.isEmpty(); read = consumer.poll(200)) {
                    messages.addAll(read);
                }
                check.accept(messages);
            });
            return messages;
        }
        finally {
            consumer.shutdown();
        }
    }

    /**
     * Runs the work while the broker creates no topic on a send to a topic it does not have, as a broker started
     * with {@code autoCreateTopicEnable=false} does: it answers {@code TOPIC_NOT_EXIST}.
     *
     * @param work what to run meanwhile
     */
    void withoutTopicAutoCreation(Executable work) throws Throwable {
        TopicConfig template = this.broker.getTopicConfigManager()
                .selectTopicConfig(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC);
        int perm = template.getPerm();
        this.broker.getBrokerConfig().setAutoCreateTopicEnable(false);
        // Clients still find the template topic's route, but the broker no longer lets a new topic inherit it.
        template.setPerm(PermName.PERM_READ | PermName.PERM_WRITE);
        try {
            work.execute();
        }
        finally {
            template.setPerm(perm);
            this.broker.getBrokerConfig().setAutoCreateTopicEnable(true);
        }
    }

    /**
     * Shuts the broker down, as a lost broker: clients are refused from the start of its shutdown, which then
     * takes a while (its store and services stop).
     */
    void stopBroker() {
        this.broker.shutdown();
    }

    /**
     * Starts the broker again on its port with its store, and waits until clients can find the topic's route.
     *
     * @param topic a topic to wait for
     */
    void restartBroker(String topic) {
        this.broker = startBroker(this.broker.getBrokerConfig().getNamesrvAddr(),
                this.broker.getNettyServerConfig().getListenPort());
        awaitRoute(topic);
    }

    private static RocketMqTestBroker start() {
        // Without it, requests carry no version and the name server ignores the topics a broker registers.
        System.setProperty(RemotingCommand.REMOTING_VERSION_KEY, Integer.toString(MQVersion.CURRENT_VERSION));
        deleteRecursively(DATA);
        NamesrvController nameServer = startNameServer();
        RocketMqTestBroker started = new RocketMqTestBroker(nameServer,
                startBroker(LOOPBACK + ":" + nameServer.getNettyServerConfig().getListenPort(), 0));
        started.awaitRoute(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC);
        return started;
    }

    private static NamesrvController startNameServer() {
        NamesrvConfig config = new NamesrvConfig();
        config.setKvConfigPath(DATA.resolve("namesrv/kvConfig.json").toString());
        config.setConfigStorePath(DATA.resolve("namesrv/namesrv.properties").toString());
        NamesrvController nameServer = new NamesrvController(config, loopbackServer(), new NettyClientConfig());
        if (!nameServer.initialize()) {
            throw new IllegalStateException("The RocketMQ name server did not initialize; see target/rocketmq/logs");
        }
        try {
            nameServer.start();
        }
        catch (Exception ex) {
            throw new IllegalStateException("The RocketMQ name server did not start", ex);
        }
        return nameServer;
    }

    /**
     * @param port the port to listen on, 0 for a free one
     */
    private static BrokerController startBroker(String nameServerAddress, int port) {
        BrokerConfig config = new BrokerConfig();
        config.setBrokerClusterName("outbox-test-cluster");
        config.setBrokerName("outbox-test-broker");
        config.setBrokerId(MixAll.MASTER_ID);
        // Otherwise the broker advertises the address of a network card.
        config.setBrokerIP1(LOOPBACK);
        config.setBrokerIP2(LOOPBACK);
        config.setNamesrvAddr(nameServerAddress);
        config.setAutoCreateTopicEnable(true);
        MessageStoreConfig store = new MessageStoreConfig();
        store.setStorePathRootDir(DATA.resolve("store").toString());
        store.setStorePathCommitLog(DATA.resolve("store/commitlog").toString());
        store.setMappedFileSizeCommitLog(64 * 1024 * 1024);
        store.setMaxHashSlotNum(10_000);
        store.setMaxIndexNum(40_000);
        store.setHaListenPort(0);
        NettyServerConfig server = loopbackServer();
        server.setListenPort(port);
        BrokerController broker = new BrokerController(config, server, new NettyClientConfig(), store);
        try {
            if (!broker.initialize()) {
                throw new IllegalStateException("The RocketMQ broker did not initialize; see target/rocketmq/logs");
            }
            broker.start();
        }
        catch (Exception ex) {
            throw new IllegalStateException("The RocketMQ broker did not start", ex);
        }
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
     * Waits until the name server has the topic's route, registering the broker again while it has
     * not: a registration may be skipped, for example while the broker is still starting.
     */
    private void awaitRoute(String topic) {
        await().atMost(PATIENCE).pollInterval(Duration.ofMillis(300)).until(() -> {
            if (this.nameServer.getRouteInfoManager().pickupTopicRouteData(topic) != null) {
                return true;
            }
            this.broker.registerBrokerAll(true, false, true);
            return false;
        });
    }

    private static void deleteRecursively(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
        catch (IOException ex) {
            throw new UncheckedIOException("Could not delete " + directory, ex);
        }
    }
}
