/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.autoconfigure.ActuatorHttp.Response;
import dev.outbox.message.MessageState;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.TestDatabase;
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
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code outbox} actuator endpoint and health indicator over HTTP, in an application on a real database
 * with an embedded server: reads, idempotent writes, writes absent unless granted, and the health going from
 * UP to DOWN. One thin subclass per database. No dispatcher runs, so that only the endpoint changes states.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractOutboxEndpointTests {

    private static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private static final String TYPE = "order.created";

    private final MutableClock clock = new MutableClock(START);

    private TestDatabase database;

    private ConfigurableApplicationContext application;

    private JdbcTemplate jdbc;

    protected abstract TestDatabase.Kind kind();

    @BeforeAll
    void startApplication() {
        this.database = TestDatabase.create(kind(), "endpoint_" + kind().name().toLowerCase(Locale.ROOT));
        this.application = start("management.endpoint.outbox.access=unrestricted");
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
    void emptyTable() {
        this.jdbc.update("DELETE FROM local_message");
        this.jdbc.update("DELETE FROM local_message_switch");
        this.clock.set(START);
    }

    private ConfigurableApplicationContext start(String... properties) {
        List<String> all = new ArrayList<>(List.of("server.port=0", "spring.main.banner-mode=off",
                "spring.flyway.enabled=false",
                "outbox.dispatcher.enabled=false", "management.endpoints.web.exposure.include=outbox,health",
                "management.endpoint.health.show-details=always", "management.health.defaults.enabled=false",
                "management.health.outbox.enabled=true"));
        this.database.springDataSource().forEach((name, value) -> all.add(name + "=" + value));
        all.addAll(List.of(properties));
        return new SpringApplicationBuilder(EndpointApplication.class).web(WebApplicationType.SERVLET)
                .properties(all.toArray(new String[0])).initializers(context -> context.getBeanFactory()
                        .registerSingleton(OutboxAutoConfiguration.CLOCK_BEAN_NAME, this.clock))
                .run();
    }

    private long save(String type, String key, MessageState state) {
        TransactionTemplate transaction = new TransactionTemplate(
                this.application.getBean(PlatformTransactionManager.class));
        OutboxTemplate outbox = this.application.getBean(OutboxTemplate.class);
        long id = transaction.execute(status -> outbox.message(type).key(key).topic("orders")
                .payload("{\"order\":\"" + key + "\"}").header("tenant", "t-1").save()).id();
        this.jdbc.update("UPDATE local_message SET state = ?, fail_reason = ? WHERE id = ?", state.name(),
                (state == MessageState.FAILED) ? "java.io.IOException: broker unreachable\n\tat x.y()" : null, id);
        return id;
    }

    private Response get(String path) {
        return send(this.application, HttpRequest.newBuilder().GET(), path);
    }

    private Response post(String path) {
        return post(this.application, path, "");
    }

    private Response post(ConfigurableApplicationContext target, String path, String json) {
        return ActuatorHttp.post(target, path, json);
    }

    private Response send(ConfigurableApplicationContext target, HttpRequest.Builder request, String path) {
        return ActuatorHttp.send(target, request, path);
    }

    @Test
    void readsCountsPagesAndOneMessage() {
        List<Long> failed = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            failed.add(save(TYPE, "failed-" + i, MessageState.FAILED));
        }
        save("payment", "payment-1", MessageState.FAILED);
        save(TYPE, "sent-1", MessageState.SENT);
        save(TYPE, "pending-1", MessageState.PENDING);
        this.clock.advance(Duration.ofSeconds(90));

        Response overview = get("/outbox");
        assertThat(overview.status()).isEqualTo(200);
        assertThat(overview.body().get("counts").get("FAILED").asLong()).isEqualTo(4);
        assertThat(overview.body().get("counts").get("SENT").asLong()).isEqualTo(1);
        assertThat(overview.body().get("counts").get("CONSUMED").asLong()).isZero();
        assertThat(overview.body().get("oldestDueAge").asString()).isEqualTo("PT1M30S");

        Response first = get("/outbox/messages?state=FAILED&type=" + TYPE + "&size=2");
        assertThat(first.status()).isEqualTo(200);
        assertThat(ids(first)).containsExactlyElementsOf(failed.subList(0, 2));
        assertThat(first.body().get("messages").get(0).has("body")).as("pages leave bodies out").isFalse();
        assertThat(first.body().get("messages").get(0).get("lastError").asString())
                .isEqualTo("java.io.IOException: broker unreachable");
        Response second = get("/outbox/messages?state=failed&type=" + TYPE + "&size=2&after="
                + first.body().get("nextAfterId").asLong());
        assertThat(ids(second)).containsExactly(failed.get(2));
        assertThat(second.body().get("nextAfterId").isNull()).isTrue();

        Response message = get("/outbox/messages/" + failed.get(0));
        assertThat(message.status()).isEqualTo(200);
        assertThat(message.body().get("body").asString()).isEqualTo("{\"order\":\"failed-1\"}");
        assertThat(message.body().get("headers").get("tenant").asString()).isEqualTo("t-1");
        assertThat(message.body().get("failReason").asString()).startsWith("java.io.IOException");
        assertThat(message.body().get("retryCount").asInt()).isZero();
        assertThat(message.body().get("createdAt").asString()).isEqualTo(START.toString());

        assertThat(get("/outbox/messages/999999").status()).isEqualTo(404);
        Response tooLarge = get("/outbox/messages?size=500");
        assertThat(tooLarge.status()).isEqualTo(400);
        assertThat(tooLarge.body().get("message").asString()).contains("between 1 and 200");
        assertThat(get("/outbox/messages?state=LOST").body().get("message").asString())
                .startsWith("Unknown state 'LOST'");
    }

    @Test
    void writesActOnceOnADoubleClickAndRefuseWrongStates() {
        long failed = save(TYPE, "failed-1", MessageState.FAILED);
        long sent = save(TYPE, "sent-1", MessageState.SENT);

        assertActsOnce(failed, "retry", "is PENDING now", "is already PENDING");

        Response refused = post("/outbox/messages/" + sent + "/retry");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.body().get("message").asString())
                .isEqualTo("message " + sent + " is SENT; only FAILED or SUSPENDED messages can be retried");
        assertThat(post("/outbox/messages/999999/suspend").body().get("outcome").asString()).isEqualTo("NOT_FOUND");
        assertThat(post("/outbox/messages/999999/suspend").status()).isEqualTo(404);
        Response unknown = post("/outbox/messages/" + failed + "/delete");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body().get("message").asString())
                .isEqualTo("Unknown action 'delete'; the actions on a message are resend, resume, retry, skip, suspend");

        assertThat(post("/outbox/messages/" + failed + "/suspend").body().get("outcome").asString())
                .isEqualTo("DONE");
        assertThat(post("/outbox/messages/" + failed + "/resume").body().get("outcome").asString())
                .isEqualTo("DONE");
        assertThat(stateOf(failed)).isEqualTo("PENDING");
    }

    /** A change and its double click: done once, the message PENDING, the second call changing nothing. */
    private void assertActsOnce(long id, String action, String done, String alreadyDone) {
        Response first = post("/outbox/messages/" + id + "/" + action);
        Response second = post("/outbox/messages/" + id + "/" + action);

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.body().get("outcome").asString()).isEqualTo("DONE");
        assertThat(first.body().get("state").asString()).isEqualTo("PENDING");
        assertThat(first.body().get("message").asString()).contains(done);
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.body().get("outcome").asString()).isEqualTo("ALREADY_DONE");
        assertThat(second.body().get("message").asString()).contains(alreadyDone);
        assertThat(lockVersion(id)).as("changed once").isOne();
    }

    @Test
    void aDeadLetteredMessageShowsItsDeadLetterAndIsReDrivenLikeAnyFailedOne() {
        long failed = save(TYPE, "poison-1", MessageState.FAILED);
        // As the dispatcher records a FAILED message it published to its type's dead-letter topic.
        this.jdbc.update("UPDATE local_message SET retry_count = 1, message_id = ? WHERE id = ?",
                "dead-letter:orders.DLT-0@7", failed);

        Response message = get("/outbox/messages/" + failed);
        assertThat(message.body().get("brokerMessageId").asString()).isEqualTo("dead-letter:orders.DLT-0@7");
        assertThat(message.body().get("failReason").asString()).startsWith("java.io.IOException");

        Response retried = post("/outbox/messages/" + failed + "/retry");
        assertThat(retried.body().get("outcome").asString()).isEqualTo("DONE");
        assertThat(retried.body().get("state").asString()).isEqualTo("PENDING");
        assertThat(get("/outbox/messages/" + failed).body().get("retryCount").asInt()).as("a fresh budget").isZero();
    }

    @Test
    void everyOperationNamesTheStoreAndAnUnknownOneIsRefused() {
        long failed = save(TYPE, "failed-1", MessageState.FAILED);
        long other = save(TYPE, "failed-2", MessageState.FAILED);

        Response overview = get("/outbox?store=default");
        assertThat(overview.status()).isEqualTo(200);
        assertThat(overview.body().get("store").asString()).isEqualTo("default");
        assertThat(overview.body().get("stores").get(0).asString()).isEqualTo("default");
        assertThat(get("/outbox/messages?store=default").status()).isEqualTo(200);
        assertThat(post("/outbox/stores/default/messages/" + failed + "/retry").body().get("outcome").asString())
                .isEqualTo("DONE");

        Response unknown = post("/outbox/stores/billing/messages/" + failed + "/suspend");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body().get("message").asString())
                .isEqualTo("Unknown store 'billing'; the stores are default");
        assertThat(get("/outbox/messages/" + failed + "?store=billing").status()).isEqualTo(400);
        assertThat(post(this.application, "/outbox/retry-failed", "{\"type\":\"" + TYPE + "\",\"store\":\"billing\"}")
                .status()).isEqualTo(400);
        assertThat(stateOf(failed)).isEqualTo("PENDING");
        assertThat(stateOf(other)).isEqualTo("FAILED");
    }

    @Test
    void aWriteThatAnotherSiteCouldSendIsRefusedAndChangesNothing() {
        long failed = save(TYPE, "failed-1", MessageState.FAILED);
        long pending = save(TYPE, "pending-1", MessageState.PENDING);
        List<String> writes = List.of("/outbox/messages/" + failed + "/retry", "/outbox/messages/" + pending
                + "/suspend", "/outbox/stores/default/messages/" + pending + "/skip", "/outbox/retry-failed?type="
                + TYPE, "/outbox/switches/" + TYPE + "?to=fallback", "/outbox/reconciliation?from=2026-05-01T07:00:00Z"
                + "&to=2026-05-01T08:00:00Z");

        for (String path : writes) {
            // What a page of another site can send with the operator's cookies and without a CORS preflight.
            assertRefused(path, HttpRequest.newBuilder().POST(HttpRequest.BodyPublishers.noBody()));
            assertRefused(path, HttpRequest.newBuilder().header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("type=" + TYPE + "&to=fallback")));
            assertRefused(path, HttpRequest.newBuilder().header("Content-Type", "text/plain;charset=UTF-8")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"type\":\"" + TYPE + "\",\"to\":\"fallback\"}")));
        }

        assertThat(stateOf(failed)).isEqualTo("FAILED");
        assertThat(stateOf(pending)).isEqualTo("PENDING");
        assertThat(lockVersion(failed) + lockVersion(pending)).as("no row was touched").isZero();
        assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM local_message_switch", Integer.class)).isZero();
    }

    private void assertRefused(String path, HttpRequest.Builder request) {
        Response refused = send(this.application, request, path);
        assertThat(refused.status()).as(path).isEqualTo(415);
        assertThat(refused.body().get("message").asString()).as(path)
                .contains("needs the header Content-Type: application/json");
    }

    @Test
    void aChangeOfOneMessageTakesJsonWithOrWithoutABody() {
        long first = save(TYPE, "pending-1", MessageState.PENDING);
        long second = save(TYPE, "pending-2", MessageState.PENDING);
        long third = save(TYPE, "pending-3", MessageState.PENDING);

        Response bodiless = post("/outbox/messages/" + first + "/suspend");
        Response emptyObject = post(this.application, "/outbox/messages/" + second + "/suspend", "{}");
        Response actuatorType = send(this.application, HttpRequest.newBuilder()
                .header("Content-Type", "application/vnd.spring-boot.actuator.v3+json")
                .POST(HttpRequest.BodyPublishers.noBody()), "/outbox/messages/" + third + "/suspend");

        assertThat(List.of(bodiless.status(), emptyObject.status(), actuatorType.status())).containsOnly(200);
        assertThat(List.of(stateOf(first), stateOf(second), stateOf(third))).containsOnly("SUSPENDED");
        assertThat(get("/outbox/messages/" + first).status()).as("reads need no content type").isEqualTo(200);
    }

    @Test
    void aSentMessageIsResentOnceAndOnlyASentOne() {
        long sent = save(TYPE, "sent-1", MessageState.SENT);
        long failed = save(TYPE, "failed-1", MessageState.FAILED);

        assertActsOnce(sent, "resend", "to be sent again", "is already PENDING");
        Response unsent = post("/outbox/stores/default/messages/" + failed + "/resend");
        assertThat(unsent.status()).isEqualTo(409);
        assertThat(stateOf(failed)).isEqualTo("FAILED");
    }

    @Test
    void onAManagementPortOfItsOwnAWriteNeedsJsonToo() {
        long pending = save(TYPE, "pending-1", MessageState.PENDING);
        try (ConfigurableApplicationContext separate = start("management.endpoint.outbox.access=unrestricted",
                "management.server.port=0")) {
            String port = separate.getEnvironment().getProperty("local.management.port");
            HttpRequest.Builder bodiless = HttpRequest.newBuilder().POST(HttpRequest.BodyPublishers.noBody());
            HttpRequest.Builder json = HttpRequest.newBuilder().header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.noBody());

            assertThat(ActuatorHttp.send(port, bodiless, "/outbox/messages/" + pending + "/suspend").status())
                    .isEqualTo(415);
            assertThat(stateOf(pending)).isEqualTo("PENDING");
            assertThat(ActuatorHttp.send(port, json, "/outbox/messages/" + pending + "/suspend").status())
                    .isEqualTo(200);
            assertThat(stateOf(pending)).isEqualTo("SUSPENDED");
        }
    }

    @Test
    void retriesEveryFailedMessageOfATypeOnce() {
        save(TYPE, "failed-1", MessageState.FAILED);
        save(TYPE, "failed-2", MessageState.FAILED);
        long other = save("payment", "payment-1", MessageState.FAILED);

        Response first = post(this.application, "/outbox/retry-failed", "{\"type\":\"" + TYPE + "\"}");
        Response second = post(this.application, "/outbox/retry-failed", "{\"type\":\"" + TYPE + "\"}");

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.body().get("outcome").asString()).isEqualTo("DONE");
        assertThat(first.body().get("changed").asInt()).isEqualTo(2);
        assertThat(second.body().get("outcome").asString()).isEqualTo("ALREADY_DONE");
        assertThat(second.body().get("changed").asInt()).isZero();
        assertThat(stateOf(other)).isEqualTo("FAILED");
    }

    @Test
    void skipOverHttpTakesAMessageOutOfItsOrderingKey() {
        TransactionTemplate transaction = new TransactionTemplate(
                this.application.getBean(PlatformTransactionManager.class));
        OutboxTemplate outbox = this.application.getBean(OutboxTemplate.class);
        long id = transaction.execute(status -> outbox.message(TYPE).key("m1").topic("orders").payload("{}")
                .orderingKey("customer-7").save()).id();

        Response skipped = post("/outbox/messages/" + id + "/skip");

        assertThat(skipped.body().get("outcome").asString()).isEqualTo("DONE");
        assertThat(get("/outbox/messages/" + id).body().get("failReason").asString())
                .startsWith("skipped by an operator at " + START + "; ordering key was 'customer-7'");
        assertThat(post("/outbox/messages/" + id + "/skip").body().get("outcome").asString())
                .isEqualTo("ALREADY_DONE");
    }

    @Test
    void writesAreNotRegisteredUnlessTheEndpointsAccessIsGranted() {
        long failed = save(TYPE, "failed-1", MessageState.FAILED);
        try (ConfigurableApplicationContext readOnly = start()) {
            Response read = send(readOnly, HttpRequest.newBuilder().GET(), "/outbox/messages/" + failed);
            Response write = post(readOnly, "/outbox/messages/" + failed + "/retry", "");

            assertThat(read.status()).isEqualTo(200);
            assertThat(write.status()).isIn(404, 405);
            assertThat(stateOf(failed)).isEqualTo("FAILED");
        }
    }

    @Test
    void healthTurnsDownWhenAMessageFailsOrTheOldestDueMessageWaitsTooLong() {
        long id = save(TYPE, "order-1", MessageState.SENT);

        Response up = get("/health");
        assertThat(up.status()).isEqualTo(200);
        assertThat(up.body().get("status").asString()).isEqualTo("UP");
        JsonNode outbox = up.body().get("components").get("outbox");
        assertThat(outbox.get("status").asString()).isEqualTo("UP");
        assertThat(outbox.get("details").get("counts").get("FAILED").asLong()).isZero();
        assertThat(outbox.get("details").get("oldestDueAge").asString()).isEqualTo("PT0S");

        this.jdbc.update("UPDATE local_message SET state = 'FAILED' WHERE id = ?", id);
        Response failed = get("/health");
        assertThat(failed.status()).isEqualTo(503);
        assertThat(failed.body().get("components").get("outbox").get("status").asString()).isEqualTo("DOWN");
        assertThat(failed.body().get("components").get("outbox").get("details").get("problems").get(0).asString())
                .startsWith("1 message(s) FAILED");

        this.jdbc.update("UPDATE local_message SET state = 'PENDING' WHERE id = ?", id);
        assertThat(get("/health").status()).isEqualTo(200);
        this.clock.advance(Duration.ofMinutes(6));
        Response late = get("/health");
        assertThat(late.status()).isEqualTo(503);
        assertThat(late.body().get("components").get("outbox").get("details").get("problems").get(0).asString())
                .startsWith("the oldest due message has been due for PT6M");
        assertThat(late.body().toString()).as("no payload in the health details").doesNotContain("order-1");
    }

    @Test
    void switchesATypeToItsFallbackOrToPullAndBackShowingItInTheListAndTheHealth() {
        Response first = post(this.application, "/outbox/switches/" + TYPE, "{\"to\":\"fallback\"}");
        Response again = post(this.application, "/outbox/switches/" + TYPE, "{\"to\":\"fallback\"}");

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.body().get("outcome").asString()).isEqualTo("DONE");
        assertThat(first.body().get("mode").asString()).isEqualTo("FALLBACK");
        assertThat(again.body().get("outcome").asString()).isEqualTo("ALREADY_DONE");
        Response listed = get("/outbox/switches");
        assertThat(listed.status()).isEqualTo(200);
        assertThat(listed.body().get("store").asString()).isEqualTo("default");
        JsonNode switched = listed.body().get("switches").get(0);
        assertThat(switched.get("messageType").asString()).isEqualTo(TYPE);
        assertThat(switched.get("mode").asString()).isEqualTo("FALLBACK");
        assertThat(switched.get("switchedAt").asString()).isEqualTo(START.toString());
        Response health = get("/health");
        assertThat(health.status()).as("a switch is no problem of its own").isEqualTo(200);
        assertThat(health.body().get("components").get("outbox").get("details").get("switches").get(0).get("mode")
                .asString()).isEqualTo("FALLBACK");

        assertThat(post(this.application, "/outbox/switches/" + TYPE, "{\"to\":\"pull\"}").body().get("mode")
                .asString()).isEqualTo("PULL");
        Response back = post(this.application, "/outbox/switches/" + TYPE, "{\"to\":\"back\"}");
        assertThat(back.status()).isEqualTo(200);
        assertThat(back.body().get("outcome").asString()).isEqualTo("DONE");
        assertThat(get("/outbox/switches").body().get("switches").isEmpty()).isTrue();
    }

    @Test
    void aSwitchTheTypeDoesNotAllowOrThatIsUnknownIsRefusedAndNothingIsWritten() {
        Response noFallback = post(this.application, "/outbox/switches/payment", "{\"to\":\"fallback\"}");
        assertThat(noFallback.status()).isEqualTo(409);
        assertThat(noFallback.body().get("message").asString()).isEqualTo("message type 'payment' cannot be switched "
                + "to FALLBACK: it has no fallback handler (configure one for the type, or switch it to PULL); "
                + "nothing was changed");
        Response unknownTarget = post(this.application, "/outbox/switches/" + TYPE, "{\"to\":\"broker\"}");
        assertThat(unknownTarget.status()).isEqualTo(400);
        assertThat(unknownTarget.body().get("message").asString())
                .isEqualTo("Unknown switch 'broker'; a type is switched to back, fallback, pull");
        assertThat(post(this.application, "/outbox/switches/" + TYPE, "").status()).isEqualTo(400);
        assertThat(post(this.application, "/outbox/switches/" + "x".repeat(65), "{\"to\":\"pull\"}").status())
                .isEqualTo(400);
        assertThat(post(this.application, "/outbox/switches/" + TYPE, "{\"to\":\"pull\",\"store\":\"billing\"}")
                .status()).isEqualTo(400);

        assertThat(get("/outbox/switches").body().get("switches").isEmpty()).isTrue();
    }

    @Test
    void switchesAreNotRegisteredUnlessTheEndpointsAccessIsGranted() {
        try (ConfigurableApplicationContext readOnly = start()) {
            Response write = post(readOnly, "/outbox/switches/" + TYPE, "{\"to\":\"fallback\"}");

            assertThat(write.status()).isIn(404, 405);
            assertThat(send(readOnly, HttpRequest.newBuilder().GET(), "/outbox/switches").status()).isEqualTo(200);
            assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM local_message_switch", Integer.class)).isZero();
        }
    }

    private static List<Long> ids(Response page) {
        List<Long> ids = new ArrayList<>();
        page.body().get("messages").forEach(message -> ids.add(message.get("id").asLong()));
        return ids;
    }

    private String stateOf(long id) {
        return this.jdbc.queryForObject("SELECT state FROM local_message WHERE id = ?", String.class, id);
    }

    private long lockVersion(long id) {
        return this.jdbc.queryForObject("SELECT lock_version FROM local_message WHERE id = ?", Long.class, id);
    }

    @SpringBootConfiguration(proxyBeanMethods = false)
    @EnableAutoConfiguration(excludeName = { "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration",
            "org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.DataRedisReactiveAutoConfiguration",
            "org.springframework.boot.artemis.autoconfigure.ArtemisAutoConfiguration" })
    static class EndpointApplication {

        @Bean
        JdbcTemplate jdbcTemplate(javax.sql.DataSource dataSource) {
            return new JdbcTemplate(dataSource);
        }

        /** The routes the admin checks switches against; no dispatcher runs them here. */
        @Bean
        MessageRoutes messageRoutes() {
            return MessageRoutes.builder().defaultSender(message -> CompletableFuture.completedFuture("unused"))
                    .fallback(TYPE, "order-log", message -> {
                    }, 3).build();
        }
    }
}
