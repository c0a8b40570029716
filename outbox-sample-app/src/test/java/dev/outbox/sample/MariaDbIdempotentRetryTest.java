/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.outbox.web.IdempotentRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.ResourceAccessException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample on its {@code mysql} profile while its database restarts under load, with clients that retry every
 * order with its {@code Idempotency-Key} until it is placed: some attempts fail (503), some time out on the client
 * (1 s) while the server goes on and commits. Every key ends with exactly one order and one message, and every
 * client holds the id of that order, whichever attempt placed it. The pool reaches MariaDB through a
 * {@link dev.outbox.testing.CuttableLink}, cut three times for a second; the run's figures are printed. Skipped, with the reason
 * printed, without a server.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("mysql")
@DirtiesContext
class MariaDbIdempotentRetryTest {

    private static final int CLIENTS = 6;

    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(1);

    /** Generous: after the link's return HikariCP may wait 5 s before its next connection attempt. */
    private static final Duration ORDER_DEADLINE = Duration.ofSeconds(60);

    private static final LinkedMariaDb MARIADB = new LinkedMariaDb("sample_idempotent_retry");

    @LocalServerPort
    private int port;

    private final Figures figures = new Figures();

    @DynamicPropertySource
    static void useTestDatabaseThroughTheLink(DynamicPropertyRegistry registry) {
        MARIADB.registerDataSource(registry);
    }

    @AfterAll
    static void closeDatabase() {
        MARIADB.close();
    }

    @Test
    void everyOrderRetriedWithItsKeyThroughRestartsIsPlacedOnceAndEveryClientHoldsItsId() throws Exception {
        OrdersHttp http = new OrdersHttp(this.port, CLIENT_TIMEOUT);
        AtomicBoolean restarting = new AtomicBoolean(true);
        Map<String, String> heldOrderIds = new ConcurrentHashMap<>();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        List<Future<?>> running = new ArrayList<>();
        for (int client = 0; client < CLIENTS; client++) {
            String name = "c-retry-" + client;
            running.add(clients.submit(() -> {
                for (int order = 0; restarting.get(); order++) {
                    String customer = name + "-" + order;
                    heldOrderIds.put(customer, placeRetryingWithOneKey(http, customer));
                }
                return null;
            }));
        }
        try {
            for (int restart = 0; restart < 3; restart++) {
                Thread.sleep(1500);
                MARIADB.link().cut();
                Thread.sleep(1000);
                MARIADB.link().restore();
            }
            Thread.sleep(1500);
            restarting.set(false);
            for (Future<?> client : running) {
                client.get(2 * ORDER_DEADLINE.toSeconds(), TimeUnit.SECONDS);
            }
        }
        finally {
            MARIADB.link().restore();
            clients.shutdownNow();
        }

        List<Map.Entry<String, String>> orders = storedOrders();
        Map<String, String> stored = new ConcurrentHashMap<>();
        orders.forEach(order -> stored.put(order.getKey(), order.getValue()));
        long messages = MARIADB.admin().sql("""
                SELECT COUNT(*) FROM local_message m JOIN orders o ON o.id = m.message_key
                WHERE m.message_type = ? AND o.customer_id LIKE 'c-retry-%'""")
                .param(OrderService.ORDER_CREATED).query(Long.class).single();
        long messagesWithoutOrder = MARIADB.admin().sql("""
                SELECT COUNT(*) FROM local_message m
                WHERE m.message_type = ? AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = m.message_key)""")
                .param(OrderService.ORDER_CREATED).query(Long.class).single();
        System.out.printf("Idempotent retries through 3 database restarts: %d orders (keys), %d requests, %d retries "
                + "(%d after a 503, %d after a client timeout, %d after a 409), %d replayed answers; %d orders and "
                + "%d messages stored%n", heldOrderIds.size(), this.figures.requests.get(),
                this.figures.requests.get() - heldOrderIds.size(), this.figures.unavailable.get(),
                this.figures.timeouts.get(), this.figures.conflicts.get(), this.figures.replayed.get(), orders.size(),
                messages);

        assertThat(this.figures.requests.get()).as("retries").isGreaterThan(heldOrderIds.size());
        assertThat(orders).as("orders").hasSize(heldOrderIds.size());
        assertThat(stored).as("one order per key, the one each client holds").isEqualTo(heldOrderIds);
        assertThat(messages).as("one message per order").isEqualTo(heldOrderIds.size());
        assertThat(messagesWithoutOrder).as("messages without their order").isZero();
    }

    /** Places one order, sending it again with the same key after every failure, until it is answered 201. */
    private String placeRetryingWithOneKey(OrdersHttp http, String customer) throws InterruptedException {
        String key = UUID.randomUUID().toString();
        long deadline = System.nanoTime() + ORDER_DEADLINE.toNanos();
        while (System.nanoTime() < deadline) {
            this.figures.requests.incrementAndGet();
            try {
                ResponseEntity<Map<String, Object>> answer = http.post("/orders",
                        Map.of("customerId", customer, "product", "book", "quantity", 1), key);
                if (answer.getStatusCode() == HttpStatus.CREATED) {
                    if ("true".equals(answer.getHeaders().getFirst(IdempotentRequest.REPLAYED_HEADER))) {
                        this.figures.replayed.incrementAndGet();
                    }
                    return (String) answer.getBody().get("orderId");
                }
                assertThat(answer.getStatusCode()).as("the answer to %s", customer)
                        .isIn(HttpStatus.SERVICE_UNAVAILABLE, HttpStatus.CONFLICT);
                (answer.getStatusCode() == HttpStatus.CONFLICT ? this.figures.conflicts : this.figures.unavailable)
                        .incrementAndGet();
            }
            catch (ResourceAccessException timedOut) {
                this.figures.timeouts.incrementAndGet();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("The order of " + customer + " was not placed within " + ORDER_DEADLINE);
    }

    private static List<Map.Entry<String, String>> storedOrders() {
        return MARIADB.admin().sql("SELECT customer_id, id FROM orders WHERE customer_id LIKE 'c-retry-%'")
                .query((row, number) -> Map.entry(row.getString("customer_id"), row.getString("id"))).list();
    }

    /** What the clients saw. */
    private static final class Figures {

        final AtomicInteger requests = new AtomicInteger();

        final AtomicInteger unavailable = new AtomicInteger();

        final AtomicInteger timeouts = new AtomicInteger();

        final AtomicInteger conflicts = new AtomicInteger();

        final AtomicInteger replayed = new AtomicInteger();
    }
}
