/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.outbox.testing.CuttableLink;
import dev.outbox.testing.TestDatabase;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

/**
 * How soon the sample, with the settings of its {@code mysql} profile and nothing else, takes and
 * delivers orders again after its database comes back. The pool reaches MariaDB through a
 * {@link CuttableLink}, which goes down for a few seconds while three clients keep placing orders;
 * the test times, from the link's return, the first {@code 201} and the delivery of that order's
 * message, and prints both. Skipped, with the reason printed, without a server.
 *
 * <p>The bound, {@link #BOUND}: HikariCP 7 retries a failed connection after 10 ms, doubling up to a
 * fixed 5 s, so the first connection after the return can wait 5 s plus one connection attempt, which
 * the profile's {@code connectTimeout} ends after 2 s; 1 s more is slack for a loaded machine. With
 * HikariCP's and Connector/J's defaults, the silent outage fails it: each dead pooled connection costs
 * its borrower a 5 s validation, and an attempt that the link swallows waits 30 s.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("mysql")
@DirtiesContext
class MariaDbReconnectTest {

    private static final Duration BOUND = Duration.ofSeconds(8);

    private static final int CLIENTS = 3;

    private static @Nullable TestDatabase database;

    private static @Nullable CuttableLink link;

    /** Straight to the server, past the link. */
    private static @Nullable JdbcClient admin;

    @LocalServerPort
    private int port;

    @BeforeAll
    static void createDatabase() {
        admin = JdbcClient.create(database().newDataSource(1));
    }

    @DynamicPropertySource
    static void useTestDatabaseThroughTheLink(DynamicPropertyRegistry registry) {
        database().springDataSource(link().urlThrough(database().jdbcUrl()))
                .forEach((name, value) -> registry.add(name, () -> value));
    }

    @AfterEach
    void restoreTheLink() {
        link().restore();
    }

    @AfterAll
    static void closeDatabase() {
        if (link != null) {
            link.close();
        }
        if (database != null) {
            database.close();
        }
    }

    /**
     * The database restarts: every connection is closed and new ones are refused, for 6 s, long
     * enough for HikariCP's retries to reach their 5 s pause.
     */
    @Test
    void ordersAreTakenAndDeliveredSecondsAfterARestartedDatabaseReturns() throws Exception {
        measureTheReturn("restart", Duration.ofSeconds(6), () -> link().cut());
    }

    /**
     * The network drops every packet for 4 s: the connections of before and the attempts of during
     * the outage never hear from the server again.
     */
    @Test
    void ordersAreTakenAndDeliveredSecondsAfterASilentNetworkReturns() throws Exception {
        measureTheReturn("silence", Duration.ofSeconds(4), () -> link().silence());
    }

    private void measureTheReturn(String outage, Duration length, Runnable goDown) throws Exception {
        OrdersHttp http = new OrdersHttp(this.port);
        // The previous test may have left dead connections in the pool for the first orders to find.
        String before = await().atMost(Duration.ofSeconds(30)).until(() -> http.post(order("c-before")),
                answer -> answer.getStatusCode() == HttpStatus.CREATED).getBody().get("orderId").toString();
        awaitSent(before, Duration.ofSeconds(30));

        goDown.run();
        CompletableFuture<String> firstAccepted = new CompletableFuture<>();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        for (int client = 0; client < CLIENTS; client++) {
            clients.submit(() -> placeOrdersUntilOneIsAccepted(http, firstAccepted));
        }
        try {
            Thread.sleep(length.toMillis());
            long returned = System.nanoTime();
            link().restore();

            String orderId = firstAccepted.get(BOUND.toMillis(), TimeUnit.MILLISECONDS);
            long accepted = System.nanoTime() - returned;
            awaitSent(orderId, BOUND.minusNanos(System.nanoTime() - returned));
            long delivered = System.nanoTime() - returned;
            System.out.printf("After a %d s %s of the database: first order accepted %d ms after the return, "
                    + "its message sent %d ms after the return%n", length.toSeconds(), outage,
                    TimeUnit.NANOSECONDS.toMillis(accepted), TimeUnit.NANOSECONDS.toMillis(delivered));
        }
        catch (TimeoutException ex) {
            fail("No order was accepted within %s of the database's return after a %s", BOUND, outage);
        }
        finally {
            clients.shutdownNow();
        }
    }

    private static void placeOrdersUntilOneIsAccepted(OrdersHttp http, CompletableFuture<String> firstAccepted) {
        while (!firstAccepted.isDone() && !Thread.currentThread().isInterrupted()) {
            ResponseEntity<Map<String, Object>> answer = http.post(order("c-outage"));
            if (answer.getStatusCode() == HttpStatus.CREATED) {
                firstAccepted.complete(placed(answer));
            }
        }
    }

    private static String placed(ResponseEntity<Map<String, Object>> answer) {
        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        return (String) answer.getBody().get("orderId");
    }

    private static void awaitSent(String orderId, Duration within) {
        await().atMost(within).pollInterval(Duration.ofMillis(50)).until(() -> "SENT".equals(admin()
                .sql("SELECT m.state FROM orders o JOIN local_message m ON m.id = o.outbox_message_id WHERE o.id = ?")
                .param(orderId).query(String.class).single()));
    }

    private static Map<String, Object> order(String customerId) {
        return Map.of("customerId", customerId, "product", "book", "quantity", 1);
    }

    private static TestDatabase database() {
        if (database == null) {
            // Runs before the application context is started: no server means the class is skipped.
            database = TestDatabase.create(TestDatabase.Kind.MARIADB, "sample_reconnect");
        }
        return database;
    }

    private static JdbcClient admin() {
        if (admin == null) {
            throw new IllegalStateException("The admin connection is opened in @BeforeAll");
        }
        return admin;
    }

    private static CuttableLink link() {
        if (link == null) {
            link = CuttableLink.to(database().jdbcUrl());
        }
        return link;
    }
}
