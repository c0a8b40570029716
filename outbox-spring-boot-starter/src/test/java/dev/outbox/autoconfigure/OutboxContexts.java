/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.OutboxTemplate;
import dev.outbox.PausedRoute;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.message.StoredMessage;
import dev.outbox.testing.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Contexts for the auto-configuration tests and what they do with them.
 */
final class OutboxContexts {

    static final String TOPIC = "test-topic";

    private OutboxContexts() {
    }

    /**
     * @return a runner with Boot's data source and transaction auto-configurations and the outbox's,
     * on an in-memory H2 database of its own
     */
    static ApplicationContextRunner h2() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
                        OutboxAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    }

    /**
     * @return a runner with Boot's data source and transaction auto-configurations and the outbox's,
     * on a real test database
     */
    static ApplicationContextRunner on(TestDatabase database) {
        List<String> properties = new ArrayList<>();
        database.springDataSource().forEach((name, value) -> properties.add(name + "=" + value));
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
                        OutboxAutoConfiguration.class))
                .withPropertyValues(properties.toArray(new String[0]));
    }

    /**
     * Saves a message built by the function in a transaction of the context's transaction manager.
     */
    static SaveResult save(ApplicationContext context, Function<OutboxTemplate, SaveResult> save) {
        TransactionTemplate transaction = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
        OutboxTemplate outbox = context.getBean(OutboxTemplate.class);
        return transaction.execute(status -> save.apply(outbox));
    }

    /**
     * Saves a message in a transaction of the context's transaction manager, as an application does.
     */
    static SaveResult save(ApplicationContext context, String type, String key, Object payload) {
        TransactionTemplate transaction = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
        OutboxTemplate outbox = context.getBean(OutboxTemplate.class);
        return transaction.execute(status -> outbox.save(type, key, TOPIC, payload));
    }

    static StoredMessage stored(ApplicationContext context, long id) {
        return context.getBean(OutboxTemplate.class).find(id).orElseThrow();
    }

    static void awaitSent(ApplicationContext context, long id) {
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(stored(context, id).state()).isEqualTo(MessageState.SENT));
    }

    /**
     * Waits until the message is FAILED, as after its last attempt or a rejection for good.
     *
     * @return the failed message
     */
    static StoredMessage awaitFailed(ApplicationContext context, long id) {
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(stored(context, id).state()).isEqualTo(MessageState.FAILED));
        return stored(context, id);
    }

    /**
     * @return how many dead letters of the type the context's meter registry counted with that result
     * ({@code published} or {@code failed})
     */
    static double deadLettersCounted(ApplicationContext context, String type, String result) {
        return context.getBean(MeterRegistry.class).get("outbox.dead.letters").tag("type", type)
                .tag("result", result).counter().count();
    }

    /**
     * Waits until the context's dispatcher has paused one route and a probe message of it failed, as while its
     * broker is unreachable.
     *
     * @return the paused route
     */
    static PausedRoute awaitPausedAndProbed(ApplicationContext context) {
        Dispatcher dispatcher = context.getBean(Dispatcher.class);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(dispatcher.pausedRoutes())
                .singleElement().satisfies(route -> assertThat(route.probes()).isPositive()));
        return dispatcher.pausedRoutes().get(0);
    }

    /**
     * Asserts that each message waits, PENDING, and has spent no attempt: as while its route is paused.
     */
    static void assertWaitingWithoutAttempts(ApplicationContext context, Collection<Long> ids) {
        assertThat(ids).allSatisfy(id -> assertThat(stored(context, id).state()).as("message %s", id)
                .isEqualTo(MessageState.PENDING));
        assertNoAttemptSpent(context, ids);
    }

    static void assertNoAttemptSpent(ApplicationContext context, Collection<Long> ids) {
        assertThat(ids).allSatisfy(id -> {
            StoredMessage message = stored(context, id);
            assertThat(message.retryCount()).as("attempts spent by message %s (last error: %s)", id,
                    message.failReason()).isZero();
        });
    }

    static boolean tableExists(ApplicationContext context, String table) {
        Integer count = new JdbcTemplate(context.getBean(DataSource.class)).queryForObject(
                "SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE LOWER(TABLE_NAME) = ?", Integer.class, table);
        return count != null && count > 0;
    }

    /**
     * @return the message of the outbox's own exception in a startup failure's causes: the one that
     * names the property
     */
    static String outboxFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof IllegalStateException && cause.getMessage() != null
                    && cause.getMessage().startsWith("outbox.")) {
                return cause.getMessage();
            }
        }
        throw new AssertionError("No outbox configuration error in the startup failure", failure);
    }
}
