/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.UUID;

import dev.outbox.MessageRoutes;
import dev.outbox.message.SaveResult;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.sender.nats.NatsJetStreamMessageSender;
import dev.outbox.sender.nats.autoconfigure.OutboxNatsAutoConfiguration;
import dev.outbox.testing.NatsServer;
import dev.outbox.testing.TestDatabase;
import io.nats.client.Connection;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.api.MessageInfo;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The NATS JetStream sender wired by its auto-configuration on the application's {@link Connection} bean,
 * delivering through the dispatcher to the real NATS server.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NatsDeliveryTests {

    private TestDatabase database;

    /** The test's own connection, to create and read the streams. */
    private Connection connection;

    @BeforeAll
    void start() throws Exception {
        this.connection = connect();
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "nats_delivery");
    }

    @AfterAll
    void stop() throws InterruptedException {
        if (this.connection != null) {
            this.connection.close();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(OutboxNatsAutoConfiguration.class))
                // The application's own connection, which the context closes.
                .withBean(Connection.class, NatsDeliveryTests::connect)
                .withPropertyValues("outbox.dispatcher.poll-interval=100ms");
    }

    private static Connection connect() {
        try {
            return Nats.connect(Options.builder().server(NatsServer.require().url())
                    .connectionTimeout(Duration.ofSeconds(2)).build());
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    @Test
    void aMessageIsStoredInTheStreamOfItsSubjectAndRecordsItsSequence() throws Exception {
        String stream = "OUTBOX_DELIVERY_" + UUID.randomUUID().toString().replace("-", "");
        String subject = "outbox.delivery." + UUID.randomUUID();
        JetStreamManagement management = this.connection.jetStreamManagement();
        management.addStream(StreamConfiguration.builder().name(stream).subjects(subject)
                .storageType(StorageType.Memory).build());
        try {
            runner().run(context -> {
                assertThat(context).hasNotFailed().hasBean(OutboxNatsAutoConfiguration.SENDER_BEAN_NAME);
                assertThat(context.getBean(MessageRoutes.class).senderFor("any"))
                        .containsSame(context.getBean(NatsJetStreamMessageSender.class));
                SaveResult saved = OutboxContexts.save(context, outbox -> outbox.message("order.created")
                        .key("order-1").topic(subject).payload("{\"orderId\":1}").save());
                OutboxContexts.awaitSent(context, saved.id());

                MessageInfo stored = management.getMessage(stream, 1);
                assertThat(stored.getHeaders().getFirst(OutboxHeaders.ID)).isEqualTo(Long.toString(saved.id()));
                assertThat(OutboxContexts.stored(context, saved.id()).brokerMessageId()).isEqualTo(stream + "@1");
            });
        }
        finally {
            management.deleteStream(stream);
        }
    }

    @Test
    void theSenderCanBeSwitchedOff() {
        runner().withPropertyValues("outbox.nats.enabled=false", "outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(NatsJetStreamMessageSender.class));
    }
}
