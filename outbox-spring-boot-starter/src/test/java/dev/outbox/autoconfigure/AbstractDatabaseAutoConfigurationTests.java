/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Locale;

import dev.outbox.consumer.mark.ConsumeResult;
import dev.outbox.consumer.mark.ConsumedMarker;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.spi.MessageSender;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The auto-configuration on a real database server: it migrates the table in separate mode, saves
 * in the application's transaction and delivers through the sender bean. One thin subclass per
 * database; skipped where the server is not available.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractDatabaseAutoConfigurationTests {

    private TestDatabase database;

    protected abstract TestDatabase.Kind kind();

    protected abstract DatabaseType expectedDatabaseType();

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(kind(), "starter_" + kind().name().toLowerCase(Locale.ROOT));
    }

    @AfterAll
    void closeDatabase() {
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner() {
        return OutboxContexts.on(this.database);
    }

    @Test
    void migratesTheTableAndDeliversACommittedMessage() {
        RecordingMessageSender sender = new RecordingMessageSender();
        runner().withBean("testSender", MessageSender.class, () -> sender).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(OutboxStore.class).databaseType()).isEqualTo(expectedDatabaseType());

            SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "{\"orderId\":\"o-1\"}");

            OutboxContexts.awaitSent(context, saved.id());
            assertThat(sender.received()).singleElement().satisfies(message -> {
                assertThat(message.id()).isEqualTo(saved.id());
                assertThat(message.body()).isEqualTo("{\"orderId\":\"o-1\"}");
            });
            assertThat(OutboxContexts.stored(context, saved.id()).brokerMessageId()).isEqualTo("test-" + saved.id());
        });
        // A second start finds the table migrated and keeps the messages.
        runner().withPropertyValues("outbox.dispatcher.enabled=false").run(context -> {
            assertThat(context).hasNotFailed();
            SaveResult again = OutboxContexts.save(context, "order.created", "order-1", "{\"orderId\":\"o-1\"}");
            assertThat(again.duplicate()).isTrue();
        });
    }

    @Test
    void aConsumerSharingTheDatabaseMarksAMessageConsumedThroughTheMarkerBean() {
        runner().withPropertyValues("outbox.dispatcher.enabled=false").run(context -> {
            SaveResult saved = OutboxContexts.save(context, "order.created", "order-2", "{}");
            ConsumedMarker consumed = context.getBean(ConsumedMarker.class);

            assertThat(consumed.markConsumed("order.created", "order-2")).isEqualTo(ConsumeResult.CONSUMED);
            assertThat(consumed.markConsumed("order.created", "order-2")).isEqualTo(ConsumeResult.ALREADY_CONSUMED);
            assertThat(OutboxContexts.stored(context, saved.id()).state()).isEqualTo(MessageState.CONSUMED);
        });
    }

    @Test
    void cleanupJobDeletesOldMessagesAndInboxKeysOnItsSchedule() {
        runner().withBean(OutboxAutoConfiguration.CLOCK_BEAN_NAME, Clock.class,
                () -> Clock.fixed(CleanupAutoConfigurationTests.NOW, ZoneOffset.UTC))
                .withPropertyValues("outbox.dispatcher.enabled=false", "outbox.cleanup.initial-delay=0s",
                        "outbox.cleanup.interval=100ms", "outbox.cleanup.archive.enabled=true")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    CleanupAutoConfigurationTests.insertOldRows(context);

                    await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                        assertThat(CleanupAutoConfigurationTests.count(context,
                                "local_message WHERE message_key LIKE 'old-%'")).isZero();
                        assertThat(CleanupAutoConfigurationTests.count(context,
                                "consumed_message WHERE idempotency_key = 'old-key'")).isZero();
                    });
                    assertThat(CleanupAutoConfigurationTests.count(context,
                            "local_message WHERE message_key IN ('recent', 'suspended')")).isEqualTo(2);
                    assertThat(CleanupAutoConfigurationTests.count(context,
                            "consumed_message WHERE idempotency_key = 'recent-key'")).isOne();
                    assertThat(CleanupAutoConfigurationTests.count(context,
                            "local_message_archive WHERE message_key LIKE 'old-%'")).isEqualTo(5);
                });
    }
}
