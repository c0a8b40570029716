/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.Locale;

import dev.outbox.OutboxTemplate;
import dev.outbox.autoconfigure.OutboxEventFixtures.OrderPlaced;
import dev.outbox.autoconfigure.OutboxEventFixtures.OrderService;
import dev.outbox.autoconfigure.OutboxEventFixtures.OrderViewed;
import dev.outbox.autoconfigure.OutboxEventFixtures.PaymentReceived;
import dev.outbox.events.OutboxEventRouter;
import dev.outbox.message.StoredMessage;
import dev.outbox.spi.MessageSender;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.IllegalTransactionStateException;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Application events saved to the outbox on a real database server: in the publisher's transaction, with the
 * business row, or not at all. One thin subclass per database; skipped where the server is not available.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractOutboxEventsDatabaseTests {

    private TestDatabase database;

    protected abstract TestDatabase.Kind kind();

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(kind(), "events_" + kind().name().toLowerCase(Locale.ROOT));
        new JdbcTemplate(this.database.newDataSource(1)).execute(OutboxEventFixtures.CREATE_ORDERS_TABLE);
    }

    @AfterAll
    void closeDatabase() {
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
                        OutboxEventsAutoConfiguration.class))
                .withBean(OrderService.class)
                .withBean(OutboxEventRouter.class, OutboxEventFixtures::paymentRouter);
    }

    private ApplicationContextRunner withoutDispatcher() {
        return runner().withPropertyValues("outbox.dispatcher.enabled=false");
    }

    @Test
    void aMarkedEventPublishedInATransactionalMethodIsSavedAsItSaysAndCommitsWithTheBusinessRow() {
        withoutDispatcher().run(context -> {
            context.getBean(OrderService.class).place(new OrderPlaced("order-1", "customer-1", 42));

            assertThat(OutboxEventFixtures.orderExists(context, "order-1")).isTrue();
            StoredMessage message = OutboxEventFixtures.message(context, "order.placed", "order-1");
            assertThat(message.topic()).isEqualTo("orders");
            assertThat(message.orderingKey()).isEqualTo("customer-1");
            assertSameJson(message.body(), "{\"orderId\":\"order-1\",\"customerId\":\"customer-1\",\"total\":42}");
        });
    }

    @Test
    void aRollbackLeavesNeitherTheBusinessRowNorTheMessage() {
        withoutDispatcher().run(context -> {
            assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> context
                    .getBean(OrderService.class).placeAndFail(new OrderPlaced("order-2", "customer-1", 42)));

            assertThat(OutboxEventFixtures.orderExists(context, "order-2")).isFalse();
            assertThat(OutboxEventFixtures.messageCount(context, "order-2")).isZero();
        });
    }

    @Test
    void aRoutedEventOfAnUnmarkedClassIsSavedAndOneNeitherMarkedNorRoutedIsIgnored() {
        withoutDispatcher().run(context -> {
            OutboxEventFixtures.publishInTransaction(context, new PaymentReceived("payment-3", "account-3"));
            OutboxEventFixtures.publishInTransaction(context, new OrderViewed("viewed-3"));

            StoredMessage message = OutboxEventFixtures.message(context, "payment.received", "payment-3");
            assertThat(message.topic()).isEqualTo("payments");
            assertThat(message.orderingKey()).isEqualTo("account-3");
            assertSameJson(message.body(), "{\"paymentId\":\"payment-3\",\"accountId\":\"account-3\"}");
            assertThat(OutboxEventFixtures.messageCount(context, "viewed-3")).isZero();
        });
    }

    @Test
    void aMarkedEventPublishedOutsideATransactionFailsAsASaveDoesAndWritesNothing() {
        withoutDispatcher().run(context -> {
            IllegalTransactionStateException saveFailure = catchThrowableOfType(IllegalTransactionStateException.class,
                    () -> context.getBean(OutboxTemplate.class).save("order.placed", "order-4", "orders", "{}"));

            assertThatExceptionOfType(IllegalTransactionStateException.class)
                    .isThrownBy(() -> context.publishEvent(new OrderPlaced("order-4", "customer-1", 42)))
                    .withMessage(saveFailure.getMessage())
                    .withMessageStartingWith("outbox.save(...) needs an active transaction, and none is active");
            assertThat(OutboxEventFixtures.messageCount(context, "order-4")).isZero();
        });
    }

    @Test
    void theDispatcherDeliversASavedEvent() {
        RecordingMessageSender sender = new RecordingMessageSender();
        runner().withBean("testSender", MessageSender.class, () -> sender).run(context -> {
            context.getBean(OrderService.class).place(new OrderPlaced("order-5", "customer-5", 7));

            StoredMessage saved = OutboxEventFixtures.message(context, "order.placed", "order-5");
            OutboxContexts.awaitSent(context, saved.id());
            // The messages of the other tests, which share the table, are delivered too.
            assertThat(sender.received()).filteredOn(message -> message.id() == saved.id()).singleElement()
                    .satisfies(message -> {
                        assertThat(message.type()).isEqualTo("order.placed");
                        assertThat(message.key()).isEqualTo("order-5");
                        assertThat(message.topic()).isEqualTo("orders");
                        assertThat(message.orderingKey()).isEqualTo("customer-5");
                        assertThat(message.body()).isEqualTo(saved.body());
                    });
        });
    }

    /** Jackson orders a record's properties as its settings say; the test cares about the properties. */
    private static void assertSameJson(String actual, String expected) {
        assertThat(JsonMapper.shared().readTree(actual)).isEqualTo(JsonMapper.shared().readTree(expected));
    }
}
