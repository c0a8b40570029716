/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import dev.outbox.OutboxTemplate;
import dev.outbox.autoconfigure.ActuatorHttp.Response;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.testing.TestDatabase;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Reconciliation over HTTP, in an application on a real MariaDB with an embedded server, sending to a real Kafka
 * (an in-process KRaft broker): the unconsumed report of a consumer group that skipped a message, the
 * reconciliation of a window after records were deleted from the partition, which like the re-send of those
 * records needs the endpoint's write access, and bad input answered 400 with the reason.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KafkaReconciliationEndpointTests {

    private static final String ORDERS = "outbox-endpoint-orders";

    private EmbeddedKafkaKraftBroker kafka;

    private TestDatabase database;

    private ConfigurableApplicationContext application;

    @BeforeAll
    void startBrokerAndApplication() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "kafka_reconciliation_endpoint");
        this.kafka = new EmbeddedKafkaKraftBroker(1, 1, ORDERS);
        this.kafka.afterPropertiesSet();
        this.application = start("management.endpoint.outbox.access=unrestricted");
    }

    @AfterAll
    void stopAll() {
        if (this.application != null) {
            this.application.close();
        }
        if (this.kafka != null) {
            this.kafka.destroy();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    private ConfigurableApplicationContext start(String... properties) {
        List<String> all = new ArrayList<>(List.of("server.port=0", "spring.main.banner-mode=off",
                "spring.kafka.bootstrap-servers=" + this.kafka.getBrokersAsString(),
                "outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms",
                "management.endpoints.web.exposure.include=outbox", "management.health.defaults.enabled=false",
                "management.tracing.enabled=false", "spring.kafka.template.observation-enabled=false"));
        this.database.springDataSource().forEach((name, value) -> all.add(name + "=" + value));
        all.addAll(List.of(properties));
        return new SpringApplicationBuilder(KafkaApplication.class).web(WebApplicationType.SERVLET)
                .properties(all.toArray(new String[0])).run();
    }

    @Test
    void theUnconsumedReportShowsTheMessageAConsumerGroupSkipped() {
        List<Long> ids = sendAll("unconsumed-1", "unconsumed-2", "unconsumed-3");
        consume("shipping", "unconsumed-1");
        consume("shipping", Long.toString(ids.get(2)));

        Response report = get("/outbox/unconsumed?group=shipping&olderThan=PT0S&size=200");

        assertThat(report.status()).isEqualTo(200);
        assertThat(ids(report.body().get("messages"))).contains(ids.get(1)).doesNotContain(ids.get(0), ids.get(2));
        assertThat(ids(get("/outbox/unconsumed?group=shipping&olderThan=PT1H").body().get("messages")))
                .as("sent less than an hour ago").doesNotContain(ids.get(1));
        assertBadRequest("/outbox/unconsumed?olderThan=PT5M", "group is required");
        assertBadRequest("/outbox/unconsumed?group=" + "g".repeat(129) + "&olderThan=PT5M", "1 to 128 characters");
        assertBadRequest("/outbox/unconsumed?group=shipping&olderThan=5", "ISO-8601 duration such as PT5M");
        assertBadRequest("/outbox/unconsumed?group=shipping", "olderThan is required");
        assertBadRequest("/outbox/elsewhere", "Unknown path 'elsewhere'");
    }

    @Test
    void recordsDeletedFromTheTopicAreReportedAndResentOnlyWithWriteAccess() throws Exception {
        String from = Instant.now().minus(Duration.ofMinutes(1)).toString();
        List<Long> ids = sendAll("reconciled-1", "reconciled-2");
        deleteAllRecords();
        String window = "from=" + from + "&to=" + Instant.now().plus(Duration.ofMinutes(1));

        Response report = get("/outbox/reconciliation?" + window);

        assertThat(report.status()).isEqualTo(200);
        assertThat(ids(report.body().get("problems"))).containsAll(ids);
        assertThat(report.body().get("problems").get(0).get("status").asString()).isEqualTo("MISSING");
        assertThat(report.body().get("complete").asBoolean()).isTrue();
        assertThat(report.body().get("nextFrom").isNull()).isTrue();
        try (ConfigurableApplicationContext readOnly = start()) {
            Response refused = ActuatorHttp.get(readOnly, "/outbox/reconciliation?" + window);
            assertThat(refused.status()).as("a check of the broker needs write access").isEqualTo(403);
            assertThat(refused.body().get("message").asString()).contains("management.endpoint.outbox.access=unrestricted");
            assertThat(ActuatorHttp.post(readOnly, "/outbox/reconciliation", body(window)).status()).isIn(404, 405);
        }
        assertThat(stateOf(ids.get(0))).isEqualTo("SENT");

        Response resent = ActuatorHttp.post(this.application, "/outbox/reconciliation", body(window));

        assertThat(resent.status()).isEqualTo(200);
        assertThat(resent.body().get("resent").findValuesAsString("outcome")).containsOnly("DONE");
        ids.forEach(id -> await().atMost(Duration.ofSeconds(20)).until(() -> "SENT".equals(stateOf(id))));
        String after = "from=" + from + "&to=" + Instant.now().plus(Duration.ofMinutes(1));
        assertThat(ids(get("/outbox/reconciliation?" + after).body().get("problems"))).doesNotContainAnyElementsOf(ids);
        assertBadRequest("/outbox/reconciliation?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z",
                "must be after its start");
        assertBadRequest("/outbox/reconciliation?from=2026-05-01T00:00:00Z&to=2026-05-03T00:00:00Z", "at most PT24H");
        assertBadRequest("/outbox/reconciliation?from=yesterday&to=2026-05-03T00:00:00Z", "from is an ISO-8601 instant");
        assertBadRequest("/outbox/reconciliation?to=2026-05-03T00:00:00Z", "from is required");
    }

    private Response get(String path) {
        return ActuatorHttp.get(this.application, path);
    }

    private void assertBadRequest(String path, String reason) {
        Response response = get(path);
        assertThat(response.status()).as(path).isEqualTo(400);
        assertThat(response.body().get("message").asString()).contains(reason);
    }

    private static String body(String window) {
        String[] parts = window.split("&");
        return "{\"from\":\"" + parts[0].substring(5) + "\",\"to\":\"" + parts[1].substring(3) + "\"}";
    }

    private List<Long> sendAll(String... keys) {
        TransactionTemplate transaction = new TransactionTemplate(
                this.application.getBean(PlatformTransactionManager.class));
        OutboxTemplate outbox = this.application.getBean(OutboxTemplate.class);
        List<Long> ids = new ArrayList<>();
        for (String key : keys) {
            ids.add(transaction.execute(status -> outbox.message("order.created").key(key).topic(ORDERS)
                    .payload("{}").save()).id());
        }
        ids.forEach(id -> await().atMost(Duration.ofSeconds(20)).until(() -> "SENT".equals(stateOf(id))));
        return ids;
    }

    private void consume(String group, String key) {
        Inbox inbox = this.application.getBean(Inbox.class);
        new TransactionTemplate(this.application.getBean(PlatformTransactionManager.class))
                .executeWithoutResult(status -> inbox.consume(group, key, () -> null));
    }

    private String stateOf(long id) {
        return this.application.getBean(OutboxTemplate.class).find(id).orElseThrow().state().name();
    }

    private void deleteAllRecords() throws Exception {
        Properties properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.kafka.getBrokersAsString());
        TopicPartition partition = new TopicPartition(ORDERS, 0);
        try (AdminClient admin = AdminClient.create(properties)) {
            long end = admin.listOffsets(Map.of(partition, OffsetSpec.latest())).all()
                    .get().get(partition).offset();
            admin.deleteRecords(Map.of(partition, RecordsToDelete.beforeOffset(end))).all().get();
        }
    }

    private static List<Long> ids(JsonNode messages) {
        List<Long> ids = new ArrayList<>();
        messages.forEach(message -> ids.add(message.get("id").asLong()));
        return ids;
    }

    @SpringBootConfiguration(proxyBeanMethods = false)
    @EnableAutoConfiguration(excludeName = { "org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.DataRedisReactiveAutoConfiguration",
            "org.springframework.boot.artemis.autoconfigure.ArtemisAutoConfiguration" })
    static class KafkaApplication {
    }
}
