/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import dev.outbox.OutboxTemplate;
import dev.outbox.autoconfigure.OutboxEventFixtures.OrderPlaced;
import dev.outbox.autoconfigure.OutboxEventFixtures.PaymentReceived;
import dev.outbox.events.OutboxEventListener;
import dev.outbox.events.OutboxEventRoute;
import dev.outbox.events.OutboxEventRouter;
import dev.outbox.message.InvalidMessageException;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.DataSourceBuilder;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.SimpleApplicationEventMulticaster;
import org.springframework.context.support.AbstractApplicationContext;
import org.springframework.core.annotation.Order;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * When the starter saves application events and how it chooses their route, on in-memory H2. The saves on real
 * servers, with the business row and the dispatcher, are {@code AbstractOutboxEventsDatabaseTests}.
 */
class OutboxEventsAutoConfigurationTests {

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withConfiguration(AutoConfigurations.of(OutboxEventsAutoConfiguration.class))
            .withPropertyValues("outbox.dispatcher.enabled=false");

    @Test
    void savesAMarkedEventPublishedInATransaction() {
        this.runner.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(OutboxEventListener.class);

            OutboxEventFixtures.publishInTransaction(context, new OrderPlaced("order-1", "customer-1", 42));

            assertThat(OutboxEventFixtures.message(context, "order.placed", "order-1").topic()).isEqualTo("orders");
        });
    }

    @Test
    void savesInThePublishersTransactionEvenWhenTheMulticasterHasAnExecutor() {
        this.runner.withBean(AbstractApplicationContext.APPLICATION_EVENT_MULTICASTER_BEAN_NAME,
                SimpleApplicationEventMulticaster.class, OutboxEventsAutoConfigurationTests::multicasterWithAnExecutor)
                .run(context -> {
                    OutboxEventFixtures.publishInTransaction(context, new OrderPlaced("order-1", "customer-1", 42));

                    assertThat(OutboxEventFixtures.messageCount(context, "order-1")).isOne();
                    assertThatExceptionOfType(IllegalTransactionStateException.class)
                            .isThrownBy(() -> context.publishEvent(new OrderPlaced("order-2", "customer-1", 42)));
                });
    }

    @Test
    void savesNothingWhenTurnedOff() {
        this.runner.withPropertyValues("outbox.events.enabled=false").run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(OutboxTemplate.class)
                    .doesNotHaveBean(OutboxEventListener.class);

            OutboxEventFixtures.publishInTransaction(context, new OrderPlaced("order-1", "customer-1", 42));

            assertThat(OutboxEventFixtures.messageCount(context, "order-1")).isZero();
        });
    }

    @Test
    void backsOffWithoutAnOutbox() {
        this.runner.withPropertyValues("outbox.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(OutboxEventListener.class));
    }

    @Test
    void asksTheRoutersInOrderAndSavesTheFirstRouteGiven() {
        this.runner.withUserConfiguration(OrderedRouters.class).run(context -> {
            List<String> asked = context.getBean(OrderedRouters.class).asked;
            asked.clear(); // the routers were asked about the context's own events too
            OutboxEventFixtures.publishInTransaction(context, new PaymentReceived("payment-1", "account-1"));

            assertThat(OutboxEventFixtures.message(context, "payment.second", "payment-1").topic())
                    .isEqualTo("payments");
            assertThat(OutboxEventFixtures.messageCount(context, "payment-1")).isOne();
            assertThat(asked).containsExactly("first", "second");
        });
    }

    @Test
    void savesAMarkedEventAsItSaysWithoutAskingTheRouters() {
        this.runner.withUserConfiguration(OrderedRouters.class).run(context -> {
            List<String> asked = context.getBean(OrderedRouters.class).asked;
            asked.clear(); // the routers were asked about the context's own events too
            OutboxEventFixtures.publishInTransaction(context, new OrderPlaced("order-1", "customer-1", 42));

            assertThat(OutboxEventFixtures.message(context, "order.placed", "order-1").topic()).isEqualTo("orders");
            assertThat(asked).isEmpty();
        });
    }

    @Test
    void aMissingFieldFailsThePublishWithTheTemplatesExceptionNamingIt() {
        this.runner.run(context -> assertThatExceptionOfType(InvalidMessageException.class)
                .isThrownBy(() -> OutboxEventFixtures.publishInTransaction(context,
                        new OrderPlaced(null, "customer-1", 42)))
                .satisfies(failure -> assertThat(failure.field()).isEqualTo("key")));
    }

    @Test
    void withSeveralStoresSavesEventsOnlyThroughAListenerTheApplicationDeclaresForOne() {
        ApplicationContextRunner stores = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(TransactionAutoConfiguration.class,
                        OutboxStoresAutoConfiguration.class, OutboxAutoConfiguration.class,
                        OutboxEventsAutoConfiguration.class))
                .withBean("firstDataSource", DataSource.class, OutboxEventsAutoConfigurationTests::h2)
                .withBean("secondDataSource", DataSource.class, OutboxEventsAutoConfigurationTests::h2)
                .withPropertyValues("outbox.dispatcher.enabled=false",
                        "outbox.stores.first.data-source=firstDataSource",
                        "outbox.stores.second.data-source=secondDataSource");
        stores.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(OutboxEventListener.class));
        stores.withUserConfiguration(FirstStoreEvents.class).run(context -> {
            DataSource first = context.getBean("firstDataSource", DataSource.class);
            new TransactionTemplate(new JdbcTransactionManager(first)).executeWithoutResult(
                    status -> context.publishEvent(new OrderPlaced("order-1", "customer-1", 42)));

            assertThat(new JdbcTemplate(first).queryForObject(
                    "SELECT message_type FROM local_message WHERE message_key = 'order-1'", String.class))
                    .isEqualTo("order.placed");
        });
    }

    private static SimpleApplicationEventMulticaster multicasterWithAnExecutor() {
        SimpleApplicationEventMulticaster multicaster = new SimpleApplicationEventMulticaster();
        multicaster.setTaskExecutor(new SimpleAsyncTaskExecutor("test-events-"));
        return multicaster;
    }

    private static DataSource h2() {
        return DataSourceBuilder.create().url("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1").build();
    }

    /**
     * Three routers, declared out of their order: the first selects nothing, the others payments; each records that
     * it was asked.
     */
    @Configuration(proxyBeanMethods = false)
    static class OrderedRouters {

        final List<String> asked = new CopyOnWriteArrayList<>();

        @Bean
        @Order(3)
        OutboxEventRouter thirdRouter() {
            return router("third");
        }

        @Bean
        @Order(1)
        OutboxEventRouter firstRouter() {
            return event -> {
                this.asked.add("first");
                return null;
            };
        }

        @Bean
        @Order(2)
        OutboxEventRouter secondRouter() {
            return router("second");
        }

        private OutboxEventRouter router(String name) {
            return event -> {
                this.asked.add(name);
                return (event instanceof PaymentReceived payment)
                        ? OutboxEventRoute.of("payment." + name, payment.paymentId(), "payments", payment) : null;
            };
        }
    }

    /** The listener an application with several stores declares for the store its events belong to. */
    @Configuration(proxyBeanMethods = false)
    static class FirstStoreEvents {

        @Bean
        OutboxEventListener firstStoreEventListener(@Qualifier("first") OutboxTemplate outbox) {
            return new OutboxEventListener(outbox, List.of());
        }
    }
}
