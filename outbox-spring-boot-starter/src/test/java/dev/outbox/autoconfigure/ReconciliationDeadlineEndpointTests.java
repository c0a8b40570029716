/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.BrokerRecords;
import dev.outbox.admin.RecordCheck;
import dev.outbox.admin.RecordStatus;
import dev.outbox.autoconfigure.ActuatorHttp.Response;
import dev.outbox.message.MessageSummary;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reconciliation's deadline over HTTP, in an application on a real MariaDB whose broker check hangs until it is
 * interrupted (a broker away): the GET answers at its deadline with what it checked and where to go on, the next
 * part goes on from there, and a bad deadline is answered 400 with the reason.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReconciliationDeadlineEndpointTests {

    /** Whether the broker check hangs; when not, it finds every record. */
    private static final AtomicBoolean HANGING = new AtomicBoolean();

    private TestDatabase database;

    private ConfigurableApplicationContext application;

    @BeforeAll
    void startApplication() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "reconciliation_deadline");
        List<String> properties = new ArrayList<>(List.of("server.port=0", "spring.main.banner-mode=off",
                "outbox.dispatcher.enabled=false", "management.endpoints.web.exposure.include=outbox",
                "management.health.defaults.enabled=false", "management.endpoint.outbox.access=unrestricted"));
        this.database.springDataSource().forEach((name, value) -> properties.add(name + "=" + value));
        this.application = new SpringApplicationBuilder(HangingBrokerApplication.class).web(WebApplicationType.SERVLET)
                .properties(properties.toArray(new String[0])).run();
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

    @Test
    void aCheckThatOutlivesItsDeadlineAnswersWhereToGoOnAndTheNextPartGoesOn() {
        Instant sent = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60);
        List<Long> ids = List.of(sentAt(sent, "a"), sentAt(sent, "b"), sentAt(sent, "c"));
        String window = "from=" + sent + "&to=" + sent.plusSeconds(30);

        HANGING.set(true);
        Response cut = ActuatorHttp.get(this.application, "/outbox/reconciliation?" + window + "&deadline=PT1S");

        assertThat(cut.status()).isEqualTo(200);
        assertThat(cut.body().get("checked").asInt()).isZero();
        assertThat(cut.body().get("complete").asBoolean()).isFalse();
        assertThat(cut.body().get("nextFrom").asString()).isEqualTo(sent.toString());
        assertThat(cut.body().get("nextAfterId").asLong()).isZero();

        HANGING.set(false);
        Response rest = ActuatorHttp.get(this.application, "/outbox/reconciliation?from="
                + cut.body().get("nextFrom").asString() + "&to=" + sent.plusSeconds(30) + "&after=" + ids.get(0));

        assertThat(rest.status()).isEqualTo(200);
        assertThat(rest.body().get("checked").asInt()).as("the rows after the first one").isEqualTo(2);
        assertThat(rest.body().get("complete").asBoolean()).isTrue();
        assertThat(rest.body().get("nextFrom").isNull()).isTrue();
    }

    @Test
    void aBadDeadlineIsRefusedWithTheReason() {
        String window = "from=2026-05-01T08:00:00Z&to=2026-05-01T09:00:00Z";

        assertBadRequest("/outbox/reconciliation?" + window + "&deadline=5", "deadline is an ISO-8601 duration");
        assertBadRequest("/outbox/reconciliation?" + window + "&deadline=PT2M", "deadline must be more than 0 and at most PT1M");
        assertBadRequest("/outbox/reconciliation?" + window + "&after=-1", "afterId must be 0");
    }

    private void assertBadRequest(String path, String reason) {
        Response response = ActuatorHttp.get(this.application, path);
        assertThat(response.status()).as(path).isEqualTo(400);
        assertThat(response.body().get("message").asString()).contains(reason);
    }

    /** Saves a message and marks it SENT at a time, as a send would. */
    private long sentAt(Instant time, String key) {
        long id = new TransactionTemplate(this.application.getBean(PlatformTransactionManager.class))
                .execute(status -> this.application.getBean(OutboxTemplate.class).message("order.created").key(key)
                        .topic("orders").payload("{}").save()).id();
        new JdbcTemplate(this.application.getBean(javax.sql.DataSource.class)).update("UPDATE local_message SET "
                + "state = 'SENT', next_retry_at = ?, message_id = ? WHERE id = ?",
                LocalDateTime.ofInstant(time, ZoneOffset.UTC), "orders@" + id, id);
        return id;
    }

    @SpringBootConfiguration(proxyBeanMethods = false)
    @EnableAutoConfiguration(excludeName = { "org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration",
            "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.DataRedisReactiveAutoConfiguration",
            "org.springframework.boot.artemis.autoconfigure.ArtemisAutoConfiguration" })
    static class HangingBrokerApplication {

        @Bean
        MessageRoutes messageRoutes() {
            return MessageRoutes.to(message -> CompletableFuture.completedFuture("unused"));
        }

        /** Hangs, while {@link #HANGING}, until the reconciliation's deadline interrupts it. */
        @Bean
        BrokerRecords hangingBrokerRecords() {
            return sent -> {
                if (HANGING.get()) {
                    try {
                        new CountDownLatch(1).await();
                    }
                    catch (InterruptedException ex) {
                        Thread.currentThread().interrupt();
                    }
                    return List.of();
                }
                return sent.stream().map(MessageSummary::id)
                        .map(id -> new RecordCheck(id, RecordStatus.FOUND, "found")).toList();
            };
        }
    }
}
