/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.zaxxer.hikari.HikariDataSource;
import dev.outbox.Dispatcher;
import dev.outbox.spi.MessageSender;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Closing the application while a send is in flight, on a real MariaDB pool: the outbox's lifecycle phase
 * interrupts the dispatch thread at the shutdown timeout and waits for it to hand the message back before
 * the context goes on to close the pool.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MariaDbShutdownTests {

    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(1);

    /** Far beyond the bound: a wall clock on a loaded machine is no measure of the bound itself. */
    private static final Duration SLACK = Duration.ofSeconds(15);

    private static final List<String> events = new CopyOnWriteArrayList<>();

    private static final CountDownLatch sending = new CountDownLatch(1);

    private TestDatabase database;

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "shutdown");
    }

    @AfterAll
    void dropDatabase() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @Test
    void closingWhileASendHangsEndsTheDispatchThreadBeforeThePoolClosesAndHandsTheMessageBack() throws Exception {
        long[] id = new long[1];
        long[] closedInMillis = new long[1];
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceTransactionManagerAutoConfiguration.class,
                        TransactionAutoConfiguration.class, OutboxAutoConfiguration.class))
                .withUserConfiguration(RecordingParts.class)
                .withBean(TestDatabase.class, () -> this.database)
                .withPropertyValues("outbox.dispatcher.shutdown-timeout=" + SHUTDOWN_TIMEOUT.toMillis() + "ms",
                        "outbox.dispatcher.send-timeout=5m")
                .run(context -> {
                    id[0] = OutboxContexts.save(context, "order.created", "order-1", Map.of("order", 1)).id();
                    assertThat(sending.await(20, TimeUnit.SECONDS)).as("the send started").isTrue();

                    long start = System.nanoTime();
                    context.close();
                    closedInMillis[0] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                });

        assertThat(events).containsExactly("send started", "dispatch thread ended", "pool closed");
        assertThat(Duration.ofMillis(closedInMillis[0])).as("the shutdown timeout and the interrupt grace, with slack")
                .isLessThan(SHUTDOWN_TIMEOUT.plus(Dispatcher.INTERRUPT_GRACE).plus(SLACK));
        Map<String, Object> row = new JdbcTemplate(this.database.newDataSource(1))
                .queryForMap("SELECT state, retry_count, fail_reason FROM local_message WHERE id = ?", id[0]);
        assertThat(row).containsEntry("state", "PENDING").containsEntry("retry_count", 0)
                .containsEntry("fail_reason", null);
    }

    /** A pool, a broker that never confirms, and a dispatch thread that record what happens to them. */
    @Configuration(proxyBeanMethods = false)
    static class RecordingParts {

        @Bean
        HikariDataSource dataSource(TestDatabase database) {
            HikariDataSource pool = new HikariDataSource() {

                @Override
                public void close() {
                    events.add("pool closed");
                    super.close();
                }
            };
            pool.setJdbcUrl(database.jdbcUrl());
            pool.setUsername(database.username());
            pool.setPassword(database.password());
            pool.setMaximumPoolSize(4);
            return pool;
        }

        @Bean
        MessageSender neverConfirming() {
            return message -> {
                events.add("send started");
                sending.countDown();
                return new CompletableFuture<>();
            };
        }

        @Bean
        DispatcherCustomizer recordingDispatchThread() {
            return dispatcher -> dispatcher.dispatchThreadFactory(loop -> {
                Thread thread = new Thread(() -> {
                    try {
                        loop.run();
                    }
                    finally {
                        events.add("dispatch thread ended");
                    }
                }, "outbox-dispatcher-recorded");
                thread.setDaemon(true);
                return thread;
            });
        }
    }
}
