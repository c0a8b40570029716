/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.outbox.MessageState;
import dev.outbox.OutboxTemplate;
import dev.outbox.handler.OutboxHandler;
import dev.outbox.web.IdempotentRequest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Grafana dashboard in {@code docs/grafana} cannot drift from the metrics: the sample places an order over
 * HTTP, a local handler consumes one message and fails another until it is FAILED, and every metric name in
 * the dashboard's queries must then appear in the sample's real {@code /actuator/prometheus} scrape.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.datasource.url=jdbc:h2:mem:dashboard;DB_CLOSE_DELAY=-1",
        "outbox.metrics.backlog-gauges.refresh-interval=100ms",
        "outbox.retry.types[" + GrafanaDashboardMetricsTest.HANDLED_TYPE + "].max-attempts=2",
        "outbox.retry.types[" + GrafanaDashboardMetricsTest.HANDLED_TYPE + "].initial-delay=10ms" })
class GrafanaDashboardMetricsTest {

    static final String HANDLED_TYPE = "test.handled";

    private static final Path DASHBOARD = Path.of("../docs/grafana/outbox-dashboard.json");

    /** Every metric of the outbox is named outbox_..., in an expression as in a scrape. */
    private static final Pattern METRIC_NAME = Pattern.compile("\\boutbox_[a-z0-9_]+");

    @LocalServerPort
    private int port;

    @Autowired
    private OutboxTemplate outbox;

    @Autowired
    private TransactionTemplate transaction;

    @Test
    void everyMetricOfTheDashboardIsInTheScrape() throws IOException {
        RestClient http = RestClient.builder().baseUrl("http://127.0.0.1:" + this.port).build();
        ResponseEntity<Map> placed = http.post().uri("/orders").contentType(MediaType.APPLICATION_JSON)
                .header(IdempotentRequest.HEADER, UUID.randomUUID().toString())
                .body(Map.of("customerId", "c-7", "product", "lamp", "quantity", 1)).retrieve().toEntity(Map.class);
        assertThat(placed.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        long order = ((Number) placed.getBody().get("outboxMessageId")).longValue();
        long consumed = save("fine");
        long failed = save("poison");

        awaitState(order, MessageState.SENT);
        awaitState(consumed, MessageState.CONSUMED);
        awaitState(failed, MessageState.FAILED);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(scrape(http))
                .contains("outbox_messages_backlog{state=\"FAILED\",store=\"default\"} 1.0"));

        Set<String> scraped = sampleNames(scrape(http));
        List<String> expressions = dashboardExpressions();
        assertThat(expressions).isNotEmpty().allSatisfy(expr -> assertThat(metricNames(expr)).as(expr).isNotEmpty());
        Set<String> used = new TreeSet<>();
        expressions.forEach(expr -> used.addAll(metricNames(expr)));
        assertThat(scraped).containsAll(used);
    }

    private long save(String payload) {
        return this.transaction.execute(status -> this.outbox.message(HANDLED_TYPE).key(payload).topic("dashboard")
                .payload(payload).save()).id();
    }

    private void awaitState(long id, MessageState state) {
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(this.outbox.find(id).orElseThrow().state()).isEqualTo(state));
    }

    private static String scrape(RestClient http) {
        return http.get().uri("/actuator/prometheus").accept(MediaType.TEXT_PLAIN).retrieve().body(String.class);
    }

    /** The names of the samples of a Prometheus text scrape: what precedes the labels or the value. */
    private static Set<String> sampleNames(String scrape) {
        Set<String> names = new TreeSet<>();
        scrape.lines().filter(line -> !line.isBlank() && !line.startsWith("#"))
                .forEach(line -> names.add(line.split("[{ ]", 2)[0]));
        return names;
    }

    /** The PromQL of every panel target and of every query variable. */
    private static List<String> dashboardExpressions() throws IOException {
        JsonNode dashboard = JsonMapper.shared().readTree(Files.readString(DASHBOARD));
        List<String> expressions = new ArrayList<>();
        dashboard.findValues("expr").forEach(expr -> expressions.add(expr.asString()));
        dashboard.path("templating").path("list")
                .forEach(variable -> expressions.add(variable.path("definition").asString()));
        return expressions;
    }

    private static Set<String> metricNames(String expression) {
        Set<String> names = new TreeSet<>();
        Matcher matcher = METRIC_NAME.matcher(expression);
        while (matcher.find()) {
            names.add(matcher.group());
        }
        return names;
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class LocalHandlerConfiguration {

        @Bean
        PoisonRefusingHandler poisonRefusingHandler() {
            return new PoisonRefusingHandler();
        }
    }

    /** Consumes every message of its type except a poison one, which fails every attempt. */
    static class PoisonRefusingHandler {

        @OutboxHandler(HANDLED_TYPE)
        void handle(String body) {
            if (body.contains("poison")) {
                throw new IllegalStateException("poison message");
            }
        }
    }
}
