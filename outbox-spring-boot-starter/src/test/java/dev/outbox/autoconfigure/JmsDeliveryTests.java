/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.MessageRoutes;
import dev.outbox.message.SaveResult;
import dev.outbox.message.StoredMessage;
import dev.outbox.sender.jms.JmsMessageSender;
import dev.outbox.sender.jms.JmsPropertyNames;
import dev.outbox.sender.jms.autoconfigure.OutboxJmsAutoConfiguration;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.testing.TestDatabase;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.artemis.autoconfigure.ArtemisAutoConfiguration;
import org.springframework.boot.artemis.autoconfigure.ArtemisConfigurationCustomizer;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jms.autoconfigure.JmsAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationContext;
import org.springframework.jms.core.JmsTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JMS sender wired by its auto-configuration on Spring Boot's JMS {@link ConnectionFactory}, delivering through
 * the dispatcher to the ActiveMQ Artemis broker that Spring Boot embeds in the test JVM
 * ({@code spring.artemis.mode=embedded}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(OutputCaptureExtension.class)
class JmsDeliveryTests {

    /** Where the broker creates no queue when a message is sent to it. */
    private static final String MANAGED = "managed.";

    private TestDatabase database;

    @BeforeAll
    void start() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "jms_delivery");
    }

    @AfterAll
    void stop() {
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(ArtemisAutoConfiguration.class, JmsAutoConfiguration.class,
                        OutboxJmsAutoConfiguration.class))
                .withBean(ArtemisConfigurationCustomizer.class, () -> configuration -> configuration
                        .addAddressSetting(MANAGED + "#", new AddressSettings().setAutoCreateAddresses(false)
                                .setAutoCreateQueues(false))
                        // Artemis's JMS client falls back to the 1.x name jms.queue.<name>, created unless this is off.
                        .addAddressSetting("jms.queue." + MANAGED + "#", new AddressSettings()
                                .setAutoCreateAddresses(false).setAutoCreateQueues(false)))
                .withPropertyValues("spring.artemis.mode=embedded", "outbox.dispatcher.poll-interval=100ms");
    }

    /** An embedded broker whose client has a confirmation window, so that the sender sends asynchronously. */
    private ApplicationContextRunner withConfirmationWindow() {
        int serverId = 4242;
        return runner().withPropertyValues("spring.artemis.embedded.server-id=" + serverId, "spring.artemis.mode=native",
                "spring.artemis.broker-url=vm://" + serverId + "?confirmationWindowSize=1048576");
    }

    @Test
    void aMessageGoesToTheQueueOfItsTopicThroughBootsConnectionFactoryAndRecordsItsJmsMessageId(
            CapturedOutput output) {
        runner().run(context -> {
            assertThat(context).hasNotFailed().hasBean(OutboxJmsAutoConfiguration.SENDER_BEAN_NAME);
            assertThat(context.getBean(MessageRoutes.class).senderFor("any"))
                    .containsSame(context.getBean(JmsMessageSender.class));
            SaveResult saved = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                    .key("order-1").topic("queue:outbox.orders").orderingKey("customer-1")
                    .payload("{\"orderId\":1}").save());
            OutboxContexts.awaitSent(context, saved.id());

            Message received = jms(context).receive("outbox.orders");
            assertThat(received.getStringProperty(JmsPropertyNames.of(OutboxHeaders.ID)))
                    .isEqualTo(Long.toString(saved.id()));
            assertThat(received.getStringProperty("JMSXGroupID")).isEqualTo("customer-1");
            assertThat(OutboxContexts.stored(context, saved.id()).brokerMessageId())
                    .isEqualTo(received.getJMSMessageID());
            // Boot's embedded broker's client has no confirmation window: the sender says so and sends synchronously.
            assertThat(output).contains("The outbox's JMS sender sends synchronously, one round trip per message: "
                    + "the ActiveMQ Artemis connection factory has no confirmationWindowSize");
        });
    }

    @Test
    void aMessageToAQueueTheBrokerDoesNotHaveGoesFailedAtOnceAndToTheDeadLetterQueue() {
        withConfirmationWindow().withPropertyValues("outbox.routes[order.created].dead-letter-topic=queue:outbox.DLQ")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    SaveResult saved = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                            .key("order-2").topic("queue:" + MANAGED + "orders").payload("{\"orderId\":2}").save());

                    StoredMessage failed = OutboxContexts.awaitFailed(context, saved.id());
                    assertThat(failed.retryCount()).isEqualTo(1);
                    assertThat(failed.brokerMessageId()).as(failed.failReason()).startsWith("dead-letter:ID:");
                    Message deadLetter = jms(context).receive("outbox.DLQ");
                    assertThat(failed.brokerMessageId()).isEqualTo("dead-letter:" + deadLetter.getJMSMessageID());
                    assertThat(deadLetter.getStringProperty(JmsPropertyNames.of(OutboxHeaders.ID)))
                            .isEqualTo(Long.toString(saved.id()));
                    assertThat(deadLetter.getStringProperty(JmsPropertyNames.of(OutboxHeaders.ORIGINAL_TOPIC)))
                            .isEqualTo("queue:" + MANAGED + "orders");
                    assertThat(deadLetter.getStringProperty(JmsPropertyNames.of(OutboxHeaders.DEAD_LETTER_REASON)))
                            .contains("There is no queue with name " + MANAGED + "orders");
                });
    }

    @Test
    void aTopicWithoutPrefixNamesAJmsTopicWhenBootsJmsTemplateSendsToTopics() {
        withConfirmationWindow().withPropertyValues("spring.jms.pub-sub-domain=true").run(context -> {
            try (Connection connection = context.getBean(ConnectionFactory.class).createConnection()) {
                connection.start();
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer subscriber = session.createConsumer(session.createTopic("outbox.events"));
                SaveResult saved = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                        .key("order-3").topic("outbox.events").payload("{\"orderId\":3}").save());
                OutboxContexts.awaitSent(context, saved.id());

                Message received = subscriber.receive(5000);
                assertThat(received.getJMSMessageID())
                        .isEqualTo(OutboxContexts.stored(context, saved.id()).brokerMessageId());
            }
        });
    }

    @Test
    void theSenderCanBeSwitchedOff() {
        runner().withPropertyValues("outbox.jms.enabled=false", "outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(JmsMessageSender.class));
    }

    @Test
    void noSenderWithoutAConnectionFactory() {
        OutboxContexts.on(this.database).withConfiguration(AutoConfigurations.of(OutboxJmsAutoConfiguration.class))
                .withPropertyValues("outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(JmsMessageSender.class));
    }

    private static JmsTemplate jms(ApplicationContext context) {
        JmsTemplate template = context.getBean(JmsTemplate.class);
        template.setReceiveTimeout(5000);
        return template;
    }
}
