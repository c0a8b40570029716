/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.apache.activemq.artemis.api.core.ActiveMQAddressFullException;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * The JMS sender against an ActiveMQ Artemis broker in the test JVM, over TCP: what a message holds, queues and
 * topics, order per key with message groups, and how the broker's failures are classified.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JmsMessageSenderTests {

    private ArtemisBroker broker;

    private JmsMessageSender sender;

    @BeforeAll
    void start() throws Exception {
        this.broker = ArtemisBroker.start();
        this.sender = JmsMessageSender.builder(this.broker.connectionFactory()).build();
    }

    @AfterAll
    void stop() throws Exception {
        if (this.sender != null) {
            this.sender.close();
        }
        if (this.broker != null) {
            this.broker.close();
        }
    }

    private static String newName() {
        return "outbox.test." + UUID.randomUUID();
    }

    private static OutgoingMessage message(long id, String topic, String orderingKey, String body) {
        return new OutgoingMessage(id, "order-" + id, "order.created", topic, orderingKey,
                Map.of("traceparent", "00-abc-01", "tenant-id", "t-1"), body, 1);
    }

    private static String sent(JmsMessageSender sender, OutgoingMessage message) {
        return sender.send(message).toCompletableFuture().join();
    }

    private static Throwable failure(JmsMessageSender sender, OutgoingMessage message) {
        Throwable failure = catchThrowable(() -> sender.send(message).toCompletableFuture().join());
        assertThat(failure).as("the send of %s", message.topic()).isNotNull();
        return failure;
    }

    @Test
    void aMessageHoldsTheBodyTheTypeTheHeadersAsPropertiesAndTheOrderingKeyAsItsGroupAndItsIdIsRecorded()
            throws Exception {
        String queue = newName();

        String id = sent(this.sender, message(7, "queue:" + queue, "customer-1", "{\"orderId\":7}"));

        List<Message> received = this.broker.receive(queue, 1);
        assertThat(received).hasSize(1);
        TextMessage stored = (TextMessage) received.get(0);
        assertThat(stored.getJMSMessageID()).isEqualTo(id);
        assertThat(stored.getText()).isEqualTo("{\"orderId\":7}");
        assertThat(stored.getJMSDeliveryMode()).isEqualTo(DeliveryMode.PERSISTENT);
        assertThat(stored.getJMSType()).isEqualTo("order.created");
        assertThat(stored.getStringProperty("outbox_id")).isEqualTo("7");
        assertThat(stored.getStringProperty("outbox_type")).isEqualTo("order.created");
        assertThat(stored.getStringProperty("outbox_key")).isEqualTo("order-7");
        assertThat(stored.getStringProperty("outbox_ordering_key")).isEqualTo("customer-1");
        assertThat(stored.getStringProperty("JMSXGroupID")).isEqualTo("customer-1");
        assertThat(stored.getStringProperty("traceparent")).isEqualTo("00-abc-01");
        assertThat(stored.getStringProperty("tenant_id")).isEqualTo("t-1");
    }

    @Test
    void aNameWithoutPrefixIsAQueueUnlessTheDefaultDomainIsPublishSubscribe() throws Exception {
        String queue = newName();
        String topic = newName();
        try (JmsMessageSender topicsByDefault = JmsMessageSender.builder(this.broker.connectionFactory())
                .pubSubDomain(true).build();
                Connection connection = this.broker.connectionFactory().createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer subscriber = session.createConsumer(session.createTopic(topic));

            sent(this.sender, message(1, queue, null, "{}"));
            sent(topicsByDefault, message(2, topic, null, "{}"));
            sent(topicsByDefault, message(3, "queue:" + queue, null, "{}"));

            assertThat(ArtemisBroker.receiveAll(subscriber, 1)).extracting(stored -> stored.getStringProperty("outbox_id"))
                    .containsExactly("2");
            assertThat(this.broker.receive(queue, 2)).extracting(stored -> stored.getStringProperty("outbox_id"))
                    .containsExactly("1", "3");
        }
    }

    @Test
    void aTopicPrefixSendsToEverySubscriberOfTheTopic() throws Exception {
        String topic = newName();
        try (Connection connection = this.broker.connectionFactory().createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer first = session.createConsumer(session.createTopic(topic));
            MessageConsumer second = session.createConsumer(session.createTopic(topic));

            String id = sent(this.sender, message(5, "topic:" + topic, null, "{}"));

            assertThat(ArtemisBroker.receiveAll(first, 1)).extracting(Message::getJMSMessageID).containsExactly(id);
            assertThat(ArtemisBroker.receiveAll(second, 1)).extracting(Message::getJMSMessageID).containsExactly(id);
        }
    }

    @Test
    void eachKeysMessagesGoToOneConsumerOfTheQueueInTheOrderTheyWereSent() throws Exception {
        String queue = newName();
        List<List<String>> consumers = List.of(Collections.synchronizedList(new ArrayList<>()),
                Collections.synchronizedList(new ArrayList<>()));
        try (Connection connection = this.broker.connectionFactory().createConnection()) {
            for (List<String> received : consumers) {
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                session.createConsumer(session.createQueue(queue)).setMessageListener(stored -> received.add(
                        property(stored, "JMSXGroupID") + "/" + property(stored, "outbox_id")));
            }
            connection.start();
            // The dispatcher sends a key's messages one after another, each once the one before was confirmed.
            for (int id = 1; id <= 30; id++) {
                sent(this.sender, message(id, "queue:" + queue, "customer-" + (id % 3), "{}"));
            }

            await().untilAsserted(() -> assertThat(consumers.get(0).size() + consumers.get(1).size()).isEqualTo(30));
        }
        for (int key = 0; key < 3; key++) {
            int keyNumber = key;
            List<List<Integer>> received = consumers.stream().map(entries -> idsOf(entries, "customer-" + keyNumber))
                    .filter(ids -> !ids.isEmpty()).toList();
            assertThat(received).as("the consumers that received key %s", key).hasSize(1);
            assertThat(received.get(0)).as("key %s, in the order received", key).containsExactlyElementsOf(
                    IntStream.rangeClosed(1, 30).filter(id -> id % 3 == keyNumber).boxed().toList());
        }
    }

    private static List<Integer> idsOf(List<String> received, String group) {
        return received.stream().filter(entry -> entry.startsWith(group + "/"))
                .map(entry -> Integer.parseInt(entry.substring(group.length() + 1))).toList();
    }

    private static String property(Message message, String name) {
        try {
            return message.getStringProperty(name);
        }
        catch (JMSException ex) {
            throw new IllegalStateException(ex);
        }
    }

    @Test
    void aFailedSendDoesNotFailTheNextOneOfItsKeySoPipelinedSendsWouldNotKeepTheirOrder() {
        String queue = newName();

        CompletableFuture<String> first = this.sender.send(message(1, "queue:" + ArtemisBroker.MANAGED + newName(),
                "customer-1", "{}")).toCompletableFuture();
        CompletableFuture<String> second = this.sender.send(message(2, "queue:" + queue, "customer-1", "{}"))
                .toCompletableFuture();

        assertThat(catchThrowable(first::join)).isNotNull();
        assertThat(second.join()).startsWith("ID:");
        assertThat(this.sender.keepsOrderOfPipelinedSends()).isFalse();
    }

    @Test
    void aQueueOrTopicTheBrokerDoesNotHaveAndMayNotCreateIsRejectedForGood() {
        String queue = ArtemisBroker.MANAGED + newName();
        String topic = ArtemisBroker.MANAGED + newName();

        Throwable toQueue = failure(this.sender, message(1, "queue:" + queue, null, "{}"));
        Throwable toTopic = failure(this.sender, message(2, "topic:" + topic, null, "{}"));

        assertThat(toQueue).hasRootCauseMessage("There is no queue with name " + queue);
        assertThat(this.sender.classify(toQueue)).isEqualTo(SendFailure.REJECTED);
        assertThat(toTopic.getCause()).hasMessageStartingWith("There is no topic with name ");
        assertThat(this.sender.classify(toTopic)).isEqualTo(SendFailure.REJECTED);
    }

    @Test
    void aTopicThatNamesNoDestinationIsRejectedForGoodWithTheReason() {
        Throwable failure = failure(this.sender, message(1, "queue:", null, "{}"));

        assertThat(failure).hasRootCauseMessage("The topic 'queue:' names no JMS destination: write 'queue:<name>', "
                + "'topic:<name>' or a name of the default domain (queues)");
        assertThat(this.sender.classify(failure)).isEqualTo(SendFailure.REJECTED);
    }

    @Test
    void aQueueTheUserMayNotSendToIsRejectedForGood() {
        Throwable failure = failure(this.sender, message(1, "queue:" + ArtemisBroker.DENIED + newName(), null, "{}"));

        assertThat(failure.getCause()).isInstanceOf(JMSSecurityException.class)
                .hasMessageContaining("does not have permission='SEND'");
        assertThat(this.sender.classify(failure)).isEqualTo(SendFailure.REJECTED);
    }

    @Test
    void aFullAddressThatRefusesMessagesPausesTheRoute() {
        String queue = "queue:" + ArtemisBroker.FULL + newName();
        Throwable failure = null;
        for (int id = 1; failure == null && id <= 20; id++) {
            failure = catchThrowable(sendOf(message(id, queue, null, "x".repeat(300))));
        }

        assertThat(failure).as("a send to the full address").isNotNull();
        assertThat(failure).hasRootCauseInstanceOf(ActiveMQAddressFullException.class);
        assertThat(this.sender.classify(failure)).isEqualTo(SendFailure.UNREACHABLE);
    }

    private ThrowingCallable sendOf(OutgoingMessage message) {
        return () -> this.sender.send(message).toCompletableFuture().join();
    }

    @Test
    void credentialsTheBrokerRefusesPauseTheRoute() {
        ActiveMQConnectionFactory factory = this.broker.connectionFactory();
        factory.setPassword("wrong");
        try (JmsMessageSender refused = JmsMessageSender.builder(factory).build()) {
            Throwable failure = failure(refused, message(1, "queue:" + newName(), null, "{}"));

            assertThat(failure.getCause()).hasMessageStartingWith("could not connect to the JMS broker: "
                    + "jakarta.jms.JMSSecurityException: AMQ229031: Unable to validate user");
            assertThat(refused.classify(failure)).isEqualTo(SendFailure.UNREACHABLE);
        }
    }

    @Test
    void aBrokerThatRefusesConnectionsPausesTheRouteAndTheSendsHandedOverMeanwhileFailAtOnce() {
        try (JmsMessageSender unreachable = JmsMessageSender.builder(ArtemisBroker.connectionFactory(
                ArtemisBroker.freePort(), true))
                .build()) {
            List<CompletableFuture<String>> sends = IntStream.rangeClosed(1, 5).mapToObj(id -> unreachable
                    .send(message(id, "queue:" + newName(), null, "{}")).toCompletableFuture()).toList();

            List<Throwable> failures = sends.stream().map(send -> catchThrowable(send::join)).toList();
            assertThat(failures.get(0).getCause()).hasMessageStartingWith("could not connect to the JMS broker");
            assertThat(failures.subList(1, 5)).allSatisfy(failure -> assertThat(failure.getCause())
                    .hasMessageStartingWith("not sent: connecting failed just before"));
            assertThat(failures).allSatisfy(failure -> assertThat(unreachable.classify(failure))
                    .isEqualTo(SendFailure.UNREACHABLE));
        }
    }

    @Test
    void onArtemisWithoutAConfirmationWindowASendIsSynchronousSoOneTheBrokerRefusesStillFails() throws Exception {
        String queue = newName();
        try (JmsMessageSender withoutWindow = JmsMessageSender.builder(
                ArtemisBroker.connectionFactory(this.broker.port(), false)).build()) {
            Throwable refused = failure(withoutWindow, message(1, "queue:" + ArtemisBroker.DENIED + newName(), null,
                    "{}"));
            String id = sent(withoutWindow, message(2, "queue:" + queue, null, "{}"));

            assertThat(withoutWindow.classify(refused)).isEqualTo(SendFailure.REJECTED);
            assertThat(this.broker.receive(queue, 1)).extracting(Message::getJMSMessageID).containsExactly(id);
        }
    }

    @Test
    void synchronousSendsAreConfirmedOneByOne() throws Exception {
        String queue = newName();
        try (JmsMessageSender synchronous = JmsMessageSender.builder(this.broker.connectionFactory())
                .asyncSend(false).build()) {
            String id = sent(synchronous, message(1, "queue:" + queue, null, "{}"));
            Throwable refused = failure(synchronous, message(2, "queue:" + ArtemisBroker.DENIED + newName(), null,
                    "{}"));

            assertThat(this.broker.receive(queue, 1)).extracting(Message::getJMSMessageID).containsExactly(id);
            assertThat(synchronous.classify(refused)).isEqualTo(SendFailure.REJECTED);
        }
    }

    @Test
    void aProviderWithoutAsynchronousSendsGetsSynchronousOnes() throws Exception {
        String queue = newName();
        try (JmsMessageSender onProvider = JmsMessageSender.builder(
                WithoutAsyncSends.of(this.broker.connectionFactory())).build()) {
            String first = sent(onProvider, message(1, "queue:" + queue, null, "{}"));
            String second = sent(onProvider, message(2, "queue:" + queue, null, "{}"));

            assertThat(this.broker.receive(queue, 2)).extracting(Message::getJMSMessageID)
                    .containsExactly(first, second);
        }
    }

    @Test
    void aClosedSenderSendsNothing() {
        JmsMessageSender closed = JmsMessageSender.builder(this.broker.connectionFactory()).build();
        closed.close();

        assertThat(failure(closed, message(1, "queue:" + newName(), null, "{}")).getCause())
                .isInstanceOf(IllegalStateException.class).hasMessage("The JMS sender is closed");
    }
}
