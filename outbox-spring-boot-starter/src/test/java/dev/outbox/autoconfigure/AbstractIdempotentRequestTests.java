/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.outbox.OutboxTemplate;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.TestDatabase;
import dev.outbox.web.IdempotentRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link IdempotentRequest} over HTTP on a real database: a request's writes run once per key, its 2xx response is
 * stored in the same transaction and replayed byte for byte, and every refusal writes nothing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractIdempotentRequestTests {

    private static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final MutableClock clock = new MutableClock(START);

    private TestDatabase database;

    private ConfigurableApplicationContext application;

    private JdbcTemplate jdbc;

    protected abstract TestDatabase.Kind kind();

    @BeforeAll
    void startApplication() {
        this.database = TestDatabase.create(kind(), "idempotent_" + kind().name().toLowerCase(Locale.ROOT));
        new JdbcTemplate(this.database.newDataSource(1))
                .execute("CREATE TABLE business_order (id VARCHAR(36) PRIMARY KEY, item VARCHAR(64) NOT NULL)");
        List<String> properties = new ArrayList<>(List.of("server.port=0", "spring.main.banner-mode=off",
                "spring.flyway.enabled=false", "outbox.dispatcher.enabled=false"));
        this.database.springDataSource().forEach((name, value) -> properties.add(name + "=" + value));
        this.application = new SpringApplicationBuilder(OrderApplication.class).web(WebApplicationType.SERVLET)
                .properties(properties.toArray(new String[0])).initializers(context -> context.getBeanFactory()
                        .registerSingleton(OutboxAutoConfiguration.CLOCK_BEAN_NAME, this.clock))
                .run();
        this.jdbc = this.application.getBean(JdbcTemplate.class);
    }

    @AfterAll
    void stopApplication() {
        if (this.application != null) {
            this.application.close();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    @BeforeEach
    void emptyTables() {
        this.jdbc.update("DELETE FROM local_message");
        this.jdbc.update("DELETE FROM local_message_idempotency");
        this.jdbc.update("DELETE FROM business_order");
        this.clock.set(START);
        this.application.getBean(OrderService.class).failNext(false);
    }

    @Test
    void theFirstRequestRunsAndARetryGetsItsResponseByteForByteMarkedAsReplayed() {
        HttpResponse<byte[]> first = post("/orders", "key-1", "{\"item\":\"book\"}");
        HttpResponse<byte[]> retry = post("/orders", "key-1", "{\"item\":\"book\"}");

        assertThat(first.statusCode()).isEqualTo(201);
        assertThat(first.headers().firstValue("Location")).hasValueSatisfying(
                location -> assertThat(location).endsWith("/orders/" + orderId(first)));
        assertThat(first.headers().firstValue(IdempotentRequest.REPLAYED_HEADER)).isEmpty();
        assertThat(retry.statusCode()).isEqualTo(201);
        assertThat(retry.body()).isEqualTo(first.body());
        assertThat(retry.headers().firstValue("Location")).isEqualTo(first.headers().firstValue("Location"));
        assertThat(retry.headers().firstValue("Content-Type")).isEqualTo(first.headers().firstValue("Content-Type"));
        assertThat(retry.headers().firstValue(IdempotentRequest.REPLAYED_HEADER)).hasValue("true");
        assertCounts(1, 1, 1);
    }

    @Test
    void concurrentDuplicatesPlaceOneOrderAndEveryCallerGetsItsIdOrAConflict() throws Exception {
        int callers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<HttpResponse<byte[]>>> answers = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return post("/orders", "key-1", "{\"item\":\"slow\"}");
                }));
            }
            start.countDown();
            List<String> answered = new ArrayList<>();
            for (Future<HttpResponse<byte[]>> answer : answers) {
                HttpResponse<byte[]> response = answer.get(60, TimeUnit.SECONDS);
                answered.add((response.statusCode() == 201) ? orderId(response) : "409 "
                        + response.headers().firstValue("Content-Type").orElse("") + " " + response.statusCode());
            }

            String orderId = this.jdbc.queryForObject("SELECT id FROM business_order", String.class);
            assertThat(answered).allMatch(answer -> answer.equals(orderId)
                    || answer.equals("409 application/problem+json 409"));
            assertThat(answered).contains(orderId);
            assertCounts(1, 1, 1);
        }
        finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theSameKeyWithADifferentBodyGets422AndWritesNothing() {
        post("/orders", "key-1", "{\"item\":\"book\"}");

        HttpResponse<byte[]> other = post("/orders", "key-1", "{\"item\":\"pen\"}");

        assertProblem(other, 422, "different request");
        assertCounts(1, 1, 1);
    }

    @Test
    void aMissingKeyGets400WhereRequiredAndRunsWithoutOneWhereNot() {
        assertProblem(post("/orders", null, "{\"item\":\"book\"}"), 400, "needs an Idempotency-Key header");
        assertCounts(0, 0, 0);

        HttpResponse<byte[]> optional = post("/orders/optional-key", null, "{\"item\":\"book\"}");

        assertThat(optional.statusCode()).isEqualTo(201);
        assertCounts(1, 1, 0);
    }

    @Test
    void badKeysGet400AndWriteNothing() {
        assertProblem(post("/orders", "k".repeat(256), "{\"item\":\"book\"}"), 400,
                "'idempotencyKey' is 256 characters long");
        assertProblem(post("/orders", "key\t1", "{\"item\":\"book\"}"), 400, "contains a control character");
        assertCounts(0, 0, 0);
    }

    @Test
    void aFirstRequestThatFailedStoresNothingAndTheRetryRunsAgain() {
        this.application.getBean(OrderService.class).failNext(true);

        HttpResponse<byte[]> failed = post("/orders", "key-1", "{\"item\":\"book\"}");

        assertThat(failed.statusCode()).isEqualTo(503);
        assertCounts(0, 0, 0);
        HttpResponse<byte[]> retry = post("/orders", "key-1", "{\"item\":\"book\"}");
        assertThat(retry.statusCode()).isEqualTo(201);
        assertThat(retry.headers().firstValue(IdempotentRequest.REPLAYED_HEADER)).isEmpty();
        assertCounts(1, 1, 1);
    }

    @Test
    void theCleanupJobDeletesTheKeysOlderThanTheRetentionAndARetryAfterItRunsAgain() {
        post("/orders", "key-1", "{\"item\":\"book\"}");
        this.clock.set(START.plus(Duration.ofHours(23)));
        post("/orders", "key-2", "{\"item\":\"book\"}");
        this.clock.set(START.plus(Duration.ofHours(25)));

        this.application.getBean(IdempotencyCleanupJob.class).runOnce();

        assertThat(this.jdbc.queryForList("SELECT idempotency_key FROM local_message_idempotency", String.class))
                .containsExactly("key-2");
        assertThat(post("/orders", "key-1", "{\"item\":\"book\"}").headers()
                .firstValue(IdempotentRequest.REPLAYED_HEADER)).isEmpty();
        assertCounts(3, 3, 2);
    }

    private void assertCounts(int orders, int messages, int keys) {
        assertThat(count("business_order")).as("orders").isEqualTo(orders);
        assertThat(count("local_message")).as("messages").isEqualTo(messages);
        assertThat(count("local_message_idempotency")).as("keys").isEqualTo(keys);
    }

    private int count(String table) {
        return this.jdbc.queryForObject("SELECT COUNT(*) FROM " + table, Integer.class);
    }

    private static void assertProblem(HttpResponse<byte[]> response, int status, String detail) {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"status\":" + status)
                .contains(detail);
    }

    private static String orderId(HttpResponse<byte[]> response) {
        String body = new String(response.body(), StandardCharsets.UTF_8);
        return body.substring(body.indexOf("\"id\":\"") + 6, body.indexOf("\"", body.indexOf("\"id\":\"") + 6));
    }

    private HttpResponse<byte[]> post(String path, String key, String json) {
        String port = this.application.getEnvironment().getProperty("local.server.port");
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        if (key != null) {
            request.header(IdempotentRequest.HEADER, key);
        }
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        }
        catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    @SpringBootConfiguration(proxyBeanMethods = false)
    @EnableAutoConfiguration(excludeName = { "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration",
            "org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.DataRedisReactiveAutoConfiguration",
            "org.springframework.boot.artemis.autoconfigure.ArtemisAutoConfiguration" })
    @Import({ OrderController.class, OrderService.class })
    static class OrderApplication {

        @Bean
        JdbcTemplate jdbcTemplate(javax.sql.DataSource dataSource) {
            return new JdbcTemplate(dataSource);
        }
    }

    @RestController
    static class OrderController {

        private final OrderService orders;

        OrderController(OrderService orders) {
            this.orders = orders;
        }

        @PostMapping("/orders")
        @IdempotentRequest
        ResponseEntity<Map<String, String>> place(@RequestBody Map<String, String> order) {
            String id = this.orders.place(order.get("item"));
            return ResponseEntity.created(URI.create("/orders/" + id)).body(Map.of("id", id));
        }

        @PostMapping("/orders/optional-key")
        @IdempotentRequest(required = false)
        ResponseEntity<Map<String, String>> placeWithOptionalKey(@RequestBody Map<String, String> order) {
            return place(order);
        }

        @ExceptionHandler(IllegalStateException.class)
        ResponseEntity<String> unavailable(IllegalStateException ex) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(ex.getMessage());
        }
    }

    @Service
    static class OrderService {

        private final AtomicBoolean failNext = new AtomicBoolean();

        private final JdbcTemplate jdbc;

        private final OutboxTemplate outbox;

        OrderService(JdbcTemplate jdbc, OutboxTemplate outbox) {
            this.jdbc = jdbc;
            this.outbox = outbox;
        }

        void failNext(boolean fail) {
            this.failNext.set(fail);
        }

        @Transactional
        String place(String item) {
            String id = UUID.randomUUID().toString();
            this.jdbc.update("INSERT INTO business_order (id, item) VALUES (?, ?)", id, item);
            this.outbox.message("order.created").key(id).topic("orders").payload("{\"id\":\"" + id + "\"}").save();
            if (this.failNext.getAndSet(false)) {
                throw new IllegalStateException("the payment service is down");
            }
            if (item.equals("slow")) {
                // Holds the transaction, so that the duplicates arrive while it is open.
                sleep(Duration.ofMillis(300));
            }
            return id;
        }

        private static void sleep(Duration duration) {
            try {
                Thread.sleep(duration.toMillis());
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
