/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.outbox.testing.CuttableLink;
import dev.outbox.testing.TestDatabase;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sample on the {@code mysql} profile while its database goes away: a request whose connection
 * is lost answers 503 with a problem detail, never 200 with an empty body, and leaves no order
 * without its message nor a message without its order. The pool reaches the MariaDB server of
 * {@link TestDatabase} through a {@link CuttableLink}; skipped, with the reason printed, without a server.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    // Fail a request after one second without a connection, sooner than the profile's two.
    "spring.datasource.hikari.connection-timeout=1000", "spring.datasource.hikari.maximum-pool-size=4" })
@ActiveProfiles("mysql")
@DirtiesContext
@ExtendWith(OutputCaptureExtension.class)
class MariaDbOutageTest {

    private static final String UNAVAILABLE = "The database is unavailable, so the request failed. "
            + "Try again in a few seconds.";

    private static @Nullable TestDatabase database;

    private static @Nullable CuttableLink link;

    /** Straight to the server, past the link: what is really stored. */
    private static @Nullable JdbcClient admin;

    @LocalServerPort
    private int port;

    private OrdersHttp http;

    @BeforeAll
    static void createDatabase() {
        admin = JdbcClient.create(database().newDataSource(1));
    }

    @DynamicPropertySource
    static void useTestDatabaseThroughTheLink(DynamicPropertyRegistry registry) {
        database().springDataSource(link().urlThrough(database().jdbcUrl()))
                .forEach((name, value) -> registry.add(name, () -> value));
    }

    @BeforeEach
    void connect() {
        this.http = new OrdersHttp(this.port);
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

    @Test
    void requestsWhileTheDatabaseDropsEveryConnectionAnswer503AndTheAppRecovers(CapturedOutput output) {
        assertThat(this.http.post(order("c-before")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        long orders = count("orders");
        long messages = count("local_message");

        link().cut();
        ResponseEntity<Map<String, Object>> placed = this.http.post(order("c-outage"));
        ResponseEntity<Map<String, Object>> found = this.http.get("/orders/no-such-order");

        for (ResponseEntity<Map<String, Object>> answer : List.of(placed, found)) {
            assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
            assertThat(answer.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
            assertThat(answer.getHeaders().getFirst("Retry-After")).isEqualTo("5");
            assertThat(answer.getBody()).containsEntry("title", "Database unavailable")
                    .containsEntry("detail", UNAVAILABLE).containsEntry("status", 503);
        }
        // The driver's EOFException is what Spring MVC, left to itself, takes for a client gone away.
        assertThat(output).contains("java.io.EOFException");
        assertThat(count("orders")).isEqualTo(orders);
        assertThat(count("local_message")).isEqualTo(messages);

        link().restore();
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> this.http.post(order("c-after")).getStatusCode() == HttpStatus.CREATED);
        assertThat(count("orders")).isEqualTo(orders + 1);
        assertNothingHalfWritten();
    }

    @Test
    void ordersPlacedWhileTheirConnectionsAreKilledAreCommittedWholeOrAnswered503() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(3);
        AtomicBoolean stop = new AtomicBoolean();
        List<ResponseEntity<Map<String, Object>>> answers = Collections.synchronizedList(new ArrayList<>());
        List<Future<?>> running = new ArrayList<>();
        for (int client = 0; client < 3; client++) {
            String customer = "c-load-" + client;
            running.add(clients.submit(() -> {
                for (int i = 0; i < 100 && !stop.get(); i++) {
                    answers.add(this.http.post(order(customer)));
                }
            }));
        }
        // The "operator" kills the app's connections every 50 ms; after 5 s the clients stop placing orders.
        AtomicInteger killed = new AtomicInteger();
        ScheduledExecutorService operator = Executors.newSingleThreadScheduledExecutor();
        operator.scheduleWithFixedDelay(() -> killed.addAndGet(killAppConnections()), 0, 50, TimeUnit.MILLISECONDS);
        operator.schedule(() -> stop.set(true), 5, TimeUnit.SECONDS);
        for (Future<?> task : running) {
            task.get(60, TimeUnit.SECONDS);
        }
        operator.shutdownNow();
        assertThat(operator.awaitTermination(10, TimeUnit.SECONDS)).as("the operator stopped").isTrue();
        clients.shutdown();

        assertThat(killed.get()).as("connections killed").isPositive();
        List<ResponseEntity<Map<String, Object>>> refused = answers.stream()
                .filter(answer -> answer.getStatusCode() != HttpStatus.CREATED).toList();
        assertThat(refused).as("answers other than 201").isNotEmpty().allSatisfy(answer -> {
            assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
            assertThat(answer.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
            assertThat(answer.getBody()).containsEntry("detail", UNAVAILABLE);
        });
        List<String> placed = answers.stream().filter(answer -> answer.getStatusCode() == HttpStatus.CREATED)
                .map(answer -> (String) answer.getBody().get("orderId")).toList();
        assertThat(placed).as("orders answered 201").isNotEmpty().allSatisfy(orderId -> assertThat(
                admin().sql("SELECT COUNT(*) FROM orders WHERE id = ?").param(orderId).query(Long.class).single())
                .as("order %s answered 201", orderId).isOne());
        assertNothingHalfWritten();
    }

    private static Map<String, Object> order(String customerId) {
        return Map.of("customerId", customerId, "product", "book", "quantity", 1);
    }

    /** Kills every connection to the test database but the admin's, as an operator or a failover would. */
    private int killAppConnections() {
        List<Long> ids = admin().sql("""
                SELECT ID FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID()
                """).query(Long.class).list();
        int killed = 0;
        for (long id : ids) {
            try {
                admin().sql("KILL CONNECTION " + id).update();
                killed++;
            }
            catch (RuntimeException ex) {
                // It ended between the query and the kill.
            }
        }
        return killed;
    }

    private void assertNothingHalfWritten() {
        assertThat(admin().sql("""
                SELECT COUNT(*) FROM orders o LEFT JOIN local_message m ON m.id = o.outbox_message_id
                WHERE m.id IS NULL
                """).query(Long.class).single()).as("orders without their message").isZero();
        assertThat(admin().sql("""
                SELECT COUNT(*) FROM local_message m LEFT JOIN orders o ON o.id = m.message_key
                WHERE m.message_type = 'order.created' AND o.id IS NULL
                """).query(Long.class).single()).as("messages without their order").isZero();
    }

    private long count(String table) {
        return admin().sql("SELECT COUNT(*) FROM " + table).query(Long.class).single();
    }

    private static TestDatabase database() {
        if (database == null) {
            // Runs before the application context is started: no server means the class is skipped.
            database = TestDatabase.create(TestDatabase.Kind.MARIADB, "sample_outage");
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
