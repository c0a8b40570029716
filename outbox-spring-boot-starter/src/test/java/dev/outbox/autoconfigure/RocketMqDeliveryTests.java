/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.outbox.message.SaveResult;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.sender.rocketmq.RocketMqMessageSender;
import dev.outbox.testing.TestDatabase;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The RocketMQ sender, wired by the auto-configuration on the application's started
 * {@link DefaultMQProducer}, delivering through the real dispatcher from a MariaDB outbox to a name
 * server and broker in the test JVM.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RocketMqDeliveryTests {

    private static final int QUEUES = 4;

    private static final String HEADERS_TOPIC = "outbox-headers";

    private static final String ORDERING_TOPIC = "outbox-ordering";

    private static final String OUTAGE_TOPIC = "outbox-outage";

    private RocketMqTestBroker rocketMq;

    private TestDatabase database;

    @BeforeAll
    void startBroker() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "rocketmq_delivery");
        this.rocketMq = RocketMqTestBroker.get();
        for (String topic : List.of(HEADERS_TOPIC, ORDERING_TOPIC, OUTAGE_TOPIC)) {
            this.rocketMq.createTopic(topic, QUEUES);
        }
    }

    @AfterAll
    void closeDatabase() {
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner(String nameServerAddress) {
        return RocketMqContexts.runner(this.database, nameServerAddress);
    }

    @Test
    void aMessageArrivesWithItsKeysTagPropertiesAndBodyAndRecordsItsMsgId() {
        runner(this.rocketMq.nameServerAddress()).run(context -> {
            assertThat(context).hasSingleBean(RocketMqMessageSender.class);
            SaveResult ordered = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                    .key("order-1").topic(HEADERS_TOPIC).payload("{\"orderId\":1}").orderingKey("customer-7")
                    .header("traceparent", "00-abc-01").save());
            SaveResult unordered = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                    .key("order-2").topic(HEADERS_TOPIC).payload("{\"orderId\":2}").save());
            OutboxContexts.awaitSent(context, ordered.id());
            OutboxContexts.awaitSent(context, unordered.id());

            List<MessageExt> messages = consume(HEADERS_TOPIC, 2);
            MessageExt first = messageOf(messages, ordered.id());
            assertThat(first.getKeys()).isEqualTo("order-1");
            assertThat(first.getTags()).isEqualTo("order.created");
            assertThat(new String(first.getBody(), StandardCharsets.UTF_8)).isEqualTo("{\"orderId\":1}");
            assertThat(first.getProperties()).containsEntry(OutboxHeaders.ID, Long.toString(ordered.id()))
                    .containsEntry(OutboxHeaders.TYPE, "order.created").containsEntry(OutboxHeaders.KEY, "order-1")
                    .containsEntry("traceparent", "00-abc-01");
            assertThat(OutboxContexts.stored(context, ordered.id()).brokerMessageId()).isEqualTo(first.getMsgId());
            MessageExt second = messageOf(messages, unordered.id());
            assertThat(second.getKeys()).isEqualTo("order-2");
            assertThat(OutboxContexts.stored(context, unordered.id()).brokerMessageId()).isEqualTo(second.getMsgId());
        });
    }

    @Test
    void theMessagesOfOneOrderingKeyLandInOneQueueInOutboxIdOrder() {
        runner(this.rocketMq.nameServerAddress()).run(context -> {
            List<String> customers = List.of("customer-a", "customer-b", "customer-c");
            Map<Long, String> customerById = new LinkedHashMap<>();
            for (int i = 0; i < 10; i++) {
                for (String customer : customers) {
                    String key = customer + "-order-" + i;
                    customerById.put(OutboxContexts.save(context, outbox -> outbox.message("order.created").key(key)
                            .topic(ORDERING_TOPIC).payload("{}").orderingKey(customer).save()).id(), customer);
                }
            }
            customerById.keySet().forEach(id -> OutboxContexts.awaitSent(context, id));

            Map<String, List<MessageExt>> byCustomer = consume(ORDERING_TOPIC, customerById.size()).stream()
                    .collect(Collectors.groupingBy(message -> customerById.get(RocketMqContexts.outboxId(message))));
            assertThat(byCustomer).containsOnlyKeys(customers);
            byCustomer.forEach((customer, messages) -> {
                // The queue that the key's hash selects, the same in every JVM.
                assertThat(messages).as(customer).extracting(MessageExt::getQueueId)
                        .containsOnly(Math.floorMod(customer.hashCode(), QUEUES));
                assertThat(messages.stream().sorted(Comparator.comparingLong(MessageExt::getQueueOffset)))
                        .as(customer).extracting(RocketMqContexts::outboxId).hasSize(10).isSorted();
            });
        });
    }

    @Test
    void whileTheNameServerIsUnreachableTheRouteIsPausedWithoutSpendingAttemptsAndAllAreDeliveredOnceItIsReachable()
            throws IOException {
        List<Long> ids = new ArrayList<>();
        runner("127.0.0.1:" + closedPort()).withPropertyValues("outbox.dispatcher.outage-probe-interval=300ms")
                .run(context -> {
                    for (int i = 0; i < 5; i++) {
                        String key = "unreachable-" + i;
                        ids.add(OutboxContexts.save(context, outbox -> outbox.message("order.created").key(key)
                                .topic(OUTAGE_TOPIC).payload("{}").save()).id());
                    }
                    assertThat(OutboxContexts.awaitPausedAndProbed(context).reason())
                            .contains("RemotingConnectException");
                    OutboxContexts.assertWaitingWithoutAttempts(context, ids);
                });

        // The application again, with its producer's name server address corrected.
        runner(this.rocketMq.nameServerAddress()).run(context -> {
            ids.forEach(id -> OutboxContexts.awaitSent(context, id));
            OutboxContexts.assertNoAttemptSpent(context, ids);
            // At least once: every message is there; a retry after a lost answer may add a duplicate.
            assertThat(consume(OUTAGE_TOPIC, ids.size())).extracting(RocketMqContexts::outboxId).containsAll(ids);
        });
    }

    private List<MessageExt> consume(String topic, int atLeast) throws MQClientException {
        return this.rocketMq.consume(topic, atLeast);
    }

    private static MessageExt messageOf(List<MessageExt> messages, long id) {
        return messages.stream().filter(message -> RocketMqContexts.outboxId(message) == id).findFirst().orElseThrow();
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
