/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import dev.outbox.Dispatcher;
import dev.outbox.OutboxTemplate;
import dev.outbox.autoconfigure.OutboxAdminAutoConfiguration;
import dev.outbox.autoconfigure.OutboxAutoConfiguration;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.SendFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The test kit in an {@link ApplicationContextRunner} with the starter's auto-configurations, as an application's
 * test of its own auto-configuration uses it: drain, the recording sender in the place of the application's
 * senders, the test clock, and the assertions on what was saved and sent. One thin subclass per database; each
 * test saves under keys of its own, since the tests of a class share the database.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OutboxTestKitContract {

    private static final String TYPE = "order.created";

    /**
     * @return the {@code spring.datasource.*} properties of the database the tests run on
     */
    protected abstract Map<String, String> dataSource();

    private ApplicationContextRunner runner() {
        List<String> properties = new ArrayList<>();
        dataSource().forEach((name, value) -> properties.add(name + "=" + value));
        properties.add("outbox.logging-sender.enabled=true");
        properties.add("outbox.dispatcher.auto-startup=false");
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
                        OutboxAutoConfiguration.class, OutboxAdminAutoConfiguration.class,
                        OutboxTestAutoConfiguration.class))
                .withPropertyValues(properties.toArray(String[]::new));
    }

    @Test
    void drainSendsACommittedMessageThroughTheRecordingSenderInThePlaceOfTheApplicationsSender() {
        String key = uniqueKey();
        runner().run(context -> {
            OutboxTestKit kit = context.getBean(OutboxTestKit.class);
            long id = save(context, key, "c-42", Map.of("tenant", "t-1")).id();

            assertThat(kit.drain()).isEqualTo(1);

            kit.sent().single().hasType(TYPE).hasKey(key).hasTopic("orders").hasOrderingKey("c-42")
                    .hasJsonBody("{\"quantity\": 2, \"id\": \"" + key + "\"}").hasHeader("tenant", "t-1")
                    .hasHeader(OutboxHeaders.ID, Long.toString(id)).hasHeader(OutboxHeaders.TYPE, TYPE)
                    .hasHeader(OutboxHeaders.KEY, key)
                    .satisfies(sent -> sent.sender().equals("loggingMessageSender"),
                            "sent through the logging sender's bean name");
            kit.saved(MessageState.SENT).withKey(key).single().hasNoHeader(OutboxHeaders.ID)
                    .satisfies(saved -> (RecordingMessageSender.MESSAGE_ID_PREFIX + id).equals(saved.brokerMessageId()),
                            "the recording sender's message id");
            assertThat(kit.drain()).as("nothing more is due").isZero();
        });
    }

    @Test
    void aRetryableFailureWaitsForItsRetryUntilTheClockReachesIt() {
        String key = uniqueKey();
        runner().withPropertyValues("outbox.retry.initial-delay=10s").run(context -> {
            OutboxTestKit kit = context.getBean(OutboxTestKit.class);
            kit.sender().failKey(key, SendFailure.MESSAGE);
            save(context, key, "c-retry", Map.of());

            assertThat(kit.drain()).isEqualTo(1);
            kit.sent().isEmpty();
            kit.sender().failed().single().hasKey(key);
            kit.saved(MessageState.PENDING).withKey(key).single()
                    .satisfies(saved -> saved.retryCount() == 1, "one failed attempt");
            assertThat(kit.drain()).as("the retry is not due yet").isZero();

            kit.sender().stopFailing();
            kit.clock().advance(Duration.ofMinutes(1));

            assertThat(kit.drain()).isEqualTo(1);
            kit.sent().single().hasKey(key).satisfies(sent -> sent.message().attempt() == 2, "the second attempt");
            kit.saved(MessageState.SENT).withKey(key).hasSize(1);
        });
    }

    @Test
    void aRejectedMessageGoesFailedAtOnce() {
        String key = uniqueKey();
        runner().run(context -> {
            OutboxTestKit kit = context.getBean(OutboxTestKit.class);
            kit.sender().failType(TYPE, SendFailure.REJECTED);
            save(context, key, "c-rejected", Map.of());

            assertThat(kit.drain()).isEqualTo(1);

            kit.saved(MessageState.FAILED).withKey(key).single().satisfies(
                    saved -> saved.failReason() != null && saved.failReason().contains("Simulated REJECTED failure"),
                    "the simulated failure as its reason");
            kit.sent().isEmpty();
        });
    }

    @Test
    void aMessageThatGoesFailedSendsItsDeadLetterThroughTheRecordingSender() {
        String key = uniqueKey();
        runner().withPropertyValues("outbox.routes[" + TYPE + "].dead-letter-topic=orders-dead").run(context -> {
            OutboxTestKit kit = context.getBean(OutboxTestKit.class);
            kit.sender().failWhen(message -> message.topic().equals("orders"), SendFailure.REJECTED);
            save(context, key, "c-dead", Map.of());

            assertThat(kit.drain()).isEqualTo(1);

            kit.saved(MessageState.FAILED).withKey(key).hasSize(1);
            kit.sent().toTopic("orders-dead").single().hasKey(key).hasType(TYPE).satisfies(
                    sent -> sent.brokerHeaders().getOrDefault(OutboxHeaders.DEAD_LETTER_REASON, "")
                            .contains("Simulated REJECTED failure"), "the reason its message went FAILED");
        });
    }

    @Test
    void theMessagesOfAnOrderingKeyAreSentInTheOrderTheyWereSavedIn() {
        List<String> keys = List.of(uniqueKey(), uniqueKey(), uniqueKey());
        String orderingKey = uniqueKey();
        runner().run(context -> {
            OutboxTestKit kit = context.getBean(OutboxTestKit.class);
            keys.forEach(key -> save(context, key, orderingKey, Map.of()));

            assertThat(kit.drain()).isEqualTo(3);

            kit.sent().withOrderingKey(orderingKey).hasKeys(keys.toArray(String[]::new)).areInSaveOrder();
            kit.saved().withOrderingKey(orderingKey).hasSize(3).areInSaveOrder();
        });
    }

    @Test
    void routesKeepTheirSenderAndTopicButNothingReachesTheApplicationsSender() {
        String key = uniqueKey();
        MessageSender broker = message -> CompletableFuture.failedFuture(
                new AssertionError("the application's sender was called"));
        runner().withBean("auditSender", MessageSender.class, () -> broker)
                .withPropertyValues("outbox.default-sender=loggingMessageSender",
                        "outbox.routes[audit].sender=auditSender", "outbox.routes[audit].topic=audit-log")
                .run(context -> {
                    OutboxTestKit kit = context.getBean(OutboxTestKit.class);
                    transaction(context).executeWithoutResult(status -> context.getBean(OutboxTemplate.class)
                            .save("audit", key, "orders", "{}"));

                    assertThat(kit.drain()).isEqualTo(1);

                    kit.sent().ofType("audit").single().hasTopic("audit-log")
                            .satisfies(sent -> sent.sender().equals("auditSender"), "sent through auditSender");
                });
    }

    @Test
    void drainFailsClearlyWhenItsLastRoundStillDispatched() {
        String first = uniqueKey();
        String second = uniqueKey();
        runner().withPropertyValues("outbox.dispatcher.batch-size=1").run(context -> {
            OutboxTestKit kit = context.getBean(OutboxTestKit.class);
            save(context, first, "c-bound", Map.of());
            save(context, second, "c-bound", Map.of());

            assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> kit.drain(1))
                    .withMessageContaining("drain() made 1 attempts in 1 rounds and its last round still dispatched");
            assertThat(kit.drain()).isEqualTo(1);
            kit.sent().hasKeys(first, second);
        });
    }

    @Test
    void drainRefusesToRaceADispatcherThatRunsOnItsOwnThreads() {
        runner().withPropertyValues("outbox.dispatcher.auto-startup=true").run(context -> {
            assertThat(context.getBean(Dispatcher.class).isRunning()).isTrue();

            assertThatIllegalStateException().isThrownBy(() -> context.getBean(OutboxTestKit.class).drain())
                    .withMessageContaining("outbox.dispatcher.auto-startup=false");
        });
    }

    private static SaveResult save(AssertableApplicationContext context, String key, String orderingKey,
            Map<String, String> headers) {
        OutboxTemplate outbox = context.getBean(OutboxTemplate.class);
        return transaction(context).execute(status -> outbox.message(TYPE).key(key).topic("orders")
                .orderingKey(orderingKey).headers(headers).payload("{\"id\":\"" + key + "\",\"quantity\":2}").save());
    }

    private static TransactionTemplate transaction(AssertableApplicationContext context) {
        return new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
    }

    private static String uniqueKey() {
        return UUID.randomUUID().toString();
    }
}
