/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.io.IOException;
import java.net.ConnectException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.outbox.OutboxTemplate;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.handler.OutboxHandler;
import dev.outbox.message.MessageState;
import dev.outbox.spi.MessageHandler;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import dev.outbox.web.IdempotentRequest;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Grafana dashboard in {@code docs/grafana} cannot drift from the metrics: the sample places an order over
 * HTTP, a local handler consumes one message and fails another until it is FAILED; a broker of the test's own
 * rejects one message for good (FAILED and dead-lettered at once) and goes away for a while (its route pauses and
 * a send is postponed); an operator switches another type of that broker to its fallback handler and back. Every metric name in the
 * dashboard's queries must then appear in the sample's real {@code /actuator/prometheus} scrape, and every meter
 * of the outbox in the scrape must be on a panel.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.datasource.url=jdbc:h2:mem:dashboard;DB_CLOSE_DELAY=-1",
        "outbox.metrics.backlog-gauges.refresh-interval=100ms",
        "outbox.dispatcher.outage-probe-interval=200ms", "outbox.default-sender=loggingMessageSender",
        "outbox.retry.types[" + GrafanaDashboardMetricsTest.HANDLED_TYPE + "].max-attempts=2",
        "outbox.retry.types[" + GrafanaDashboardMetricsTest.HANDLED_TYPE + "].initial-delay=10ms",
        "outbox.routes[" + GrafanaDashboardMetricsTest.BROKERED_TYPE + "].sender=outageBroker",
        "outbox.routes[" + GrafanaDashboardMetricsTest.BROKERED_TYPE + "].dead-letter-topic=dashboard.dead-letters",
        "outbox.routes[" + GrafanaDashboardMetricsTest.SWITCHED_TYPE + "].sender=outageBroker",
        "outbox.routes[" + GrafanaDashboardMetricsTest.SWITCHED_TYPE + "].fallback-handler=switchedFallback" })
class GrafanaDashboardMetricsTest {

    static final String HANDLED_TYPE = "test.handled";

    /** A type sent through {@link OutageBroker}, with a dead-letter topic. */
    static final String BROKERED_TYPE = "test.brokered";

    /** A type sent through {@link OutageBroker}, with a fallback handler an operator can switch it to. */
    static final String SWITCHED_TYPE = "test.switched";

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private static final Path DASHBOARD = Path.of("../docs/grafana/outbox-dashboard.json");

    /** Every metric of the outbox is named outbox_..., in an expression as in a scrape. */
    private static final Pattern METRIC_NAME = Pattern.compile("\\boutbox_[a-z0-9_]+");

    /** The series of one timer: a panel that shows its buckets shows the timer. */
    private static final String TIMER_PARTS = "_(bucket|count|sum|max)";

    /**
     * The timers of the outbox's observations (docs/tracing.md): a view of the saves, sends and consumptions
     * that the counters on the dashboard already count, not meters of the dashboard's.
     */
    private static final Pattern OBSERVATION_TIMER = Pattern.compile("outbox_(save|send|consume)(_active)?_seconds_.+");

    @LocalServerPort
    private int port;

    @Autowired
    private OutboxTemplate outbox;

    @Autowired
    private TransactionTemplate transaction;

    @Autowired
    private OutageBroker broker;

    @Autowired
    private OutboxAdmin admin;

    @Autowired
    private MeterRegistry registry;

    @Test
    void everyMetricOfTheDashboardIsInTheScrape() throws IOException {
        RestClient http = RestClient.builder().baseUrl("http://127.0.0.1:" + this.port).build();
        ResponseEntity<Map> placed = http.post().uri("/orders").contentType(MediaType.APPLICATION_JSON)
                .header(IdempotentRequest.HEADER, UUID.randomUUID().toString())
                .body(Map.of("customerId", "c-7", "product", "lamp", "quantity", 1)).retrieve().toEntity(Map.class);
        assertThat(placed.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        long order = ((Number) placed.getBody().get("outboxMessageId")).longValue();
        long consumed = save(HANDLED_TYPE, "fine");
        long failed = save(HANDLED_TYPE, "poison");
        long rejected = save(BROKERED_TYPE, "rejected");

        awaitState(order, MessageState.SENT);
        awaitState(consumed, MessageState.CONSUMED);
        awaitState(failed, MessageState.FAILED);
        awaitState(rejected, MessageState.FAILED);
        assertThat(this.broker.deadLetters()).as("the rejected message, published to its dead-letter topic")
                .containsExactly(rejected);
        brokerOutage();
        operatorSwitchesTheTypeToItsFallbackAndBack();
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(scrape(http))
                .contains("outbox_messages_backlog{state=\"FAILED\",store=\"default\"} 2.0"));

        Set<String> scraped = sampleNames(scrape(http));
        List<String> expressions = dashboardExpressions();
        assertThat(expressions).isNotEmpty().allSatisfy(expr -> assertThat(metricNames(expr)).as(expr).isNotEmpty());
        Set<String> used = new TreeSet<>();
        expressions.forEach(expr -> used.addAll(metricNames(expr)));
        assertThat(scraped).containsAll(used);
        Set<String> timers = new TreeSet<>();
        used.forEach(name -> timers.add(name.replaceFirst(TIMER_PARTS + "$", "")));
        assertThat(scraped).as("meters of the scrape that no panel shows")
                .filteredOn(name -> name.startsWith("outbox_") && !used.contains(name)
                        && !OBSERVATION_TIMER.matcher(name).matches())
                .allSatisfy(name -> assertThat(timers).as(name).contains(name.replaceFirst(TIMER_PARTS + "$", "")));
    }

    /** The broker goes away: the route pauses, the send waits without spending an attempt, and goes out after. */
    private void brokerOutage() {
        this.broker.down();
        long postponed = save(BROKERED_TYPE, "during-outage");
        await().atMost(PATIENCE).until(() -> gauge("outbox.routes.paused") == 1.0);
        assertThat(this.outbox.find(postponed).orElseThrow().retryCount()).as("no attempt spent").isZero();
        this.broker.up();
        awaitState(postponed, MessageState.SENT);
        await().atMost(PATIENCE).until(() -> gauge("outbox.routes.paused") == 0.0);
    }

    private void operatorSwitchesTheTypeToItsFallbackAndBack() {
        assertThat(this.admin.switchToFallback(SWITCHED_TYPE).changed()).isTrue();
        await().atMost(PATIENCE).until(() -> gauge("outbox.routes.switched") == 1.0);
        assertThat(this.admin.switchBack(SWITCHED_TYPE).changed()).isTrue();
        await().atMost(PATIENCE).until(() -> gauge("outbox.routes.switched") == 0.0);
    }

    private double gauge(String name) {
        Gauge gauge = this.registry.find(name).gauge();
        return (gauge != null) ? gauge.value() : Double.NaN;
    }

    private long save(String type, String payload) {
        return this.transaction.execute(status -> this.outbox.message(type).key(payload).topic("dashboard")
                .payload(payload).save()).id();
    }

    private void awaitState(long id, MessageState state) {
        await().atMost(PATIENCE)
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

        @Bean
        OutageBroker outageBroker() {
            return new OutageBroker();
        }

        @Bean
        MessageHandler switchedFallback() {
            return message -> {
            };
        }
    }

    /**
     * A broker of the test's own, which the test can take away: its sends then fail as an unreachable broker's do.
     * It rejects a message whose body is {@code rejected} for good, as a broker refuses a record it can never take,
     * and records the ids of the dead letters published to it.
     */
    static final class OutageBroker implements MessageSender {

        private final List<Long> deadLetters = new CopyOnWriteArrayList<>();

        private volatile boolean up = true;

        @Override
        public CompletionStage<String> send(OutgoingMessage message) {
            if (!this.up) {
                return CompletableFuture.failedFuture(new ConnectException("broker unreachable"));
            }
            if (message.topic().equals("dashboard.dead-letters")) {
                this.deadLetters.add(message.id());
                return CompletableFuture.completedFuture("dead-" + message.id());
            }
            if (message.body().contains("rejected")) {
                return CompletableFuture.failedFuture(new IllegalArgumentException("record too large"));
            }
            return CompletableFuture.completedFuture("outage-broker-" + message.id());
        }

        @Override
        public SendFailure classify(Throwable error) {
            for (Throwable cause = error; cause != null; cause = cause.getCause()) {
                if (cause instanceof ConnectException) {
                    return SendFailure.UNREACHABLE;
                }
                if (cause instanceof IllegalArgumentException) {
                    return SendFailure.REJECTED;
                }
            }
            return SendFailure.MESSAGE;
        }

        void down() {
            this.up = false;
        }

        void up() {
            this.up = true;
        }

        List<Long> deadLetters() {
            return List.copyOf(this.deadLetters);
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
