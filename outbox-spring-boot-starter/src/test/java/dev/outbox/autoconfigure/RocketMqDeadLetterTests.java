/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.outbox.Dispatcher;
import dev.outbox.message.StoredMessage;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.testing.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Messages that RocketMQ refuses for good, from a MariaDB outbox through the real dispatcher to the name server
 * and broker in the test JVM: a topic name the client does not allow, a topic that a broker without topic
 * auto-creation does not have ({@code TOPIC_NOT_EXIST}) and a body over the producer's maximum size are FAILED
 * after one attempt and land in their type's dead-letter topic with the headers that say why, while the other
 * messages are sent and no route pauses. A dead letter that RocketMQ cannot take either is noted in the row.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RocketMqDeadLetterTests {

    private static final String ORDERS = "outbox-dl-orders";

    private static final String ORDERS_DLT = "outbox-dl-orders-DLT";

    /** The producer's maxMessageSize in these tests: a small message fits, a larger body does not. */
    private static final int MAX_MESSAGE_SIZE = 2_000;

    private RocketMqTestBroker rocketMq;

    private TestDatabase database;

    @BeforeAll
    void startBroker() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "rocketmq_dead_letters");
        this.rocketMq = RocketMqTestBroker.get();
        this.rocketMq.createTopic(ORDERS, 1);
        this.rocketMq.createTopic(ORDERS_DLT, 1);
    }

    @AfterAll
    void closeDatabase() {
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner() {
        return RocketMqContexts.runner(this.database, this.rocketMq.nameServerAddress(),
                producer -> producer.setMaxMessageSize(MAX_MESSAGE_SIZE))
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withPropertyValues("outbox.routes[order.created].dead-letter-topic=" + ORDERS_DLT);
    }

    @Test
    void messagesRefusedForGoodAreFailedInOneAttemptAndDeadLetteredWhileTheOthersAreSent() throws Throwable {
        String missingTopic = "outbox-dl-missing-" + UUID.randomUUID();
        runner().run(context -> this.rocketMq.withoutTopicAutoCreation(() -> {
            long illegalTopic = save(context, "order-1", "outbox.orders.v1", "{\"illegal\":true}");
            long missing = save(context, "order-2", missingTopic, "{\"missing\":true}");
            List<Long> others = new ArrayList<>();
            for (int i = 3; i < 6; i++) {
                others.add(save(context, "order-" + i, ORDERS, "{}"));
            }

            StoredMessage refusedByTheClient = OutboxContexts.awaitFailed(context, illegalTopic);
            assertThat(refusedByTheClient.retryCount()).isOne();
            assertThat(refusedByTheClient.failReason()).contains("RocketMqDeliveryException: the RocketMQ client "
                    + "refuses the message for topic 'outbox.orders.v1'").contains("contains illegal characters");
            StoredMessage refusedByTheBroker = OutboxContexts.awaitFailed(context, missing);
            assertThat(refusedByTheBroker.retryCount()).isOne();
            assertThat(refusedByTheBroker.failReason()).contains("MQBrokerException: CODE: 17")
                    .contains("topic[" + missingTopic + "] not exist");
            others.forEach(id -> OutboxContexts.awaitSent(context, id));
            OutboxContexts.assertNoAttemptSpent(context, others);
            assertThat(context.getBean(Dispatcher.class).pausedRoutes()).isEmpty();

            List<MessageExt> deadLetters = this.rocketMq.consume(ORDERS_DLT, 2);
            assertThat(deadLetters).extracting(RocketMqContexts::outboxId).contains(illegalTopic, missing);
            MessageExt deadLetter = deadLetters.stream()
                    .filter(message -> RocketMqContexts.outboxId(message) == missing).findFirst().orElseThrow();
            assertThat(deadLetter.getKeys()).isEqualTo("order-2");
            assertThat(new String(deadLetter.getBody(), StandardCharsets.UTF_8))
                    .isEqualTo("{\"missing\":true}");
            assertThat(deadLetter.getProperties()).containsEntry(OutboxHeaders.TYPE, "order.created")
                    .containsEntry(OutboxHeaders.ORIGINAL_TOPIC, missingTopic)
                    .containsEntry(OutboxHeaders.ATTEMPTS, "1").hasEntrySatisfying(OutboxHeaders.DEAD_LETTER_REASON,
                            reason -> assertThat(reason).contains("not exist"));
            assertThat(OutboxContexts.stored(context, missing).brokerMessageId())
                    .isEqualTo("dead-letter:" + deadLetter.getMsgId());
            assertThat(OutboxContexts.deadLettersCounted(context, "order.created", "published")).isEqualTo(2.0);
        }));
    }

    @Test
    void aDeadLetterThatRocketMqCannotTakeEitherIsNotedInTheFailedRow() {
        runner().run(context -> {
            long tooLarge = save(context, "order-large", ORDERS, "{\"data\":\"" + "x".repeat(MAX_MESSAGE_SIZE) + "\"}");
            long other = save(context, "order-small", ORDERS, "{}");

            StoredMessage failed = OutboxContexts.awaitFailed(context, tooLarge);
            assertThat(failed.retryCount()).isOne();
            assertThat(failed.brokerMessageId()).isNull();
            assertThat(failed.failReason()).contains("the message body size over max value, MAX: " + MAX_MESSAGE_SIZE)
                    .contains("\nDead letter to '" + ORDERS_DLT + "' not published: ");
            OutboxContexts.awaitSent(context, other);
            assertThat(OutboxContexts.deadLettersCounted(context, "order.created", "failed")).isEqualTo(1.0);
        });
    }

    private static long save(ApplicationContext context, String key, String topic, String payload) {
        return OutboxContexts.save(context, outbox -> outbox.message("order.created").key(key).topic(topic)
                .payload(payload).save()).id();
    }
}
