/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import dev.outbox.OutboxTemplate;
import dev.outbox.consumer.inbox.OutOfOrderException;
import dev.outbox.message.StoredMessage;
import dev.outbox.sender.OutboxHeaders;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The whole flow over real HTTP: an order and its message are written together, the message is
 * delivered after the commit, and a bad request answers 400 with a sentence naming the field and
 * writes nothing. One subclass per broker, each waiting for the delivery, and per database without a
 * broker, through the outbox's test kit ({@link DrainedOrderFlowContract}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class OrderFlowContract {

    @LocalServerPort
    private int port;

    @Autowired
    private JdbcClient jdbc;

    @Autowired
    private OutboxTemplate outbox;

    @Autowired
    private TrackingConsumer trackingConsumer;

    @Autowired
    private MeterRegistry meters;

    private OrdersHttp http;

    @BeforeEach
    void createClient() {
        this.http = new OrdersHttp(this.port);
    }

    @Test
    void placedOrderIsStoredWithItsMessageWhichIsThenSent() {
        ResponseEntity<Map<String, Object>> created = post(Map.of("customerId", "c-42", "product", "book",
                "quantity", 2));

        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        String orderId = (String) created.getBody().get("orderId");
        long messageId = ((Number) created.getBody().get("outboxMessageId")).longValue();
        URI location = created.getHeaders().getLocation();
        assertThat(location).isNotNull();
        assertThat(location.getPath()).isEqualTo("/orders/" + orderId);
        assertThat(this.jdbc.sql("SELECT outbox_message_id FROM orders WHERE id = ?").param(orderId)
                .query(Long.class).single()).isEqualTo(messageId);

        StoredMessage message = this.outbox.find(messageId).orElseThrow();
        assertThat(message.messageType()).isEqualTo("order.created");
        assertThat(message.messageKey()).isEqualTo(orderId);
        assertThat(message.topic()).isEqualTo("orders");
        assertThat(message.orderingKey()).isEqualTo("c-42");
        JsonNode payload = JsonMapper.builder().build().readTree(message.body());
        assertThat(payload.get("id").asString()).isEqualTo(orderId);
        assertThat(payload.get("customerId").asString()).isEqualTo("c-42");
        assertThat(payload.get("product").asString()).isEqualTo("book");
        assertThat(payload.get("quantity").asInt()).isEqualTo(2);

        untilDelivered(Duration.ofSeconds(30), () -> {
            ResponseEntity<Map<String, Object>> order = get(location.getPath());
            assertThat(order.getStatusCode()).isEqualTo(HttpStatus.OK);
            assertThat(order.getBody()).containsEntry("id", orderId).containsEntry("customerId", "c-42")
                    .containsEntry("product", "book").containsEntry("quantity", 2);
            @SuppressWarnings("unchecked")
            Map<String, Object> outboxStatus = (Map<String, Object>) order.getBody().get("outbox");
            assertThat(outboxStatus).containsEntry("state", "SENT");
            assertThat((String) outboxStatus.get("brokerMessageId")).matches(brokerMessageId(messageId));
            assertThat(((Number) outboxStatus.get("messageId")).longValue()).isEqualTo(messageId);
        });
        delivered(message);
    }

    /**
     * Lets the outbox deliver what was saved, then checks the outcome: by default waits, up to a bound, until the
     * check passes, as a broker delivers on threads of its own.
     *
     * @param atMost how long the delivery may take
     * @param check what must hold once the messages saved so far were delivered
     */
    protected void untilDelivered(Duration atMost, Runnable check) {
        await().atMost(atMost).untilAsserted(check::run);
    }

    /**
     * @param saved a message as it was saved
     * @return the id its sender recorded once it was sent
     */
    protected String recordedBrokerMessageId(StoredMessage saved) {
        return this.outbox.find(saved.id()).orElseThrow().brokerMessageId();
    }

    /**
     * Checks that the broker profile's shipping consumer ships the order of a delivered message, and nothing more
     * when the same message is delivered again.
     *
     * @param message the message, as saved
     * @param redeliver delivers the message again through the broker
     */
    protected void shipsOnceAcrossARedelivery(StoredMessage message, Runnable redeliver) {
        ShippingChecks.shipsOnceAcrossARedelivery(this.jdbc, this.meters, message, redeliver);
    }

    /**
     * @param messageId the outbox id of a message
     * @return a regular expression of the id its sender records
     */
    protected abstract String brokerMessageId(long messageId);

    /**
     * Checks that a sent message arrived where its sender delivers it.
     *
     * @param message the message, as saved
     */
    protected abstract void delivered(StoredMessage message);

    @Test
    void invalidOrderIsRejectedAndWritesNothing() {
        long orders = count("orders");
        long messages = count("local_message");

        ResponseEntity<Map<String, Object>> response = post(Map.of("customerId", " ", "product", "book",
                "quantity", 0));

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat((String) response.getBody().get("detail")).startsWith("Invalid order: ")
                .contains("customerId must not be blank").contains("quantity must be greater than 0");
        assertThat(count("orders")).isEqualTo(orders);
        assertThat(count("local_message")).isEqualTo(messages);
    }

    @Test
    void orderWithoutQuantityIsRejected() {
        ResponseEntity<Map<String, Object>> response = post(Map.of("customerId", "c-1", "product", "book"));

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat((String) response.getBody().get("detail")).isEqualTo("Invalid order: quantity must not be null");
    }

    @Test
    void bodyThatIsNotJsonIsRejected() {
        long orders = count("orders");

        ResponseEntity<Map<String, Object>> response = post("{\"customerId\": \"c-1\", \"quantity\": ");

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat((String) response.getBody().get("detail")).startsWith("The request body must be a JSON object");
        assertThat(count("orders")).isEqualTo(orders);
    }

    @Test
    void valueOfTheWrongTypeIsRejectedNamingItsField() {
        long orders = count("orders");

        ResponseEntity<Map<String, Object>> response = post("{\"customerId\": \"c-1\", \"quantity\": \"many\"}");

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(response.getBody())
                .containsEntry("detail", "Invalid order: quantity must be a whole number, such as 2");
        assertThat(count("orders")).isEqualTo(orders);
    }

    @ParameterizedTest(name = "{1} holding {2}")
    @MethodSource("textsWithControlCharacters")
    void controlCharactersAreRejectedAndWriteNothing(String json, String field, String codePoint) {
        long orders = count("orders");
        long messages = count("local_message");

        ResponseEntity<Map<String, Object>> response = post(json);

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(response.getBody()).containsEntry("detail",
                "Invalid order: " + field + " must not contain control characters (found " + codePoint + ")");
        assertThat(count("orders")).isEqualTo(orders);
        assertThat(count("local_message")).isEqualTo(messages);
    }

    static Stream<Arguments> textsWithControlCharacters() {
        // JSON escapes, as a client sends them: the body holds a backslash, not the character.
        return Stream.of(
                Arguments.of("{\"customerId\": \"c\\u0000\", \"product\": \"book\", \"quantity\": 1}", "customerId",
                        "U+0000"),
                Arguments.of("{\"customerId\": \"c\\u001b[2J\", \"product\": \"book\", \"quantity\": 1}",
                        "customerId", "U+001B"),
                Arguments.of("{\"customerId\": \"c-1\", \"product\": \"bo\\u0000ok\", \"quantity\": 1}", "product",
                        "U+0000"),
                Arguments.of("{\"customerId\": \"c-1\", \"product\": \"book\\nshipped\", \"quantity\": 1}", "product",
                        "U+000A"),
                Arguments.of("{\"customerId\": \"c-1\", \"product\": \"book\\u0085\", \"quantity\": 1}", "product",
                        "U+0085"));
    }

    @ParameterizedTest(name = "{1} holding {2}")
    @MethodSource("textsWithFormatCharacters")
    void invisibleFormatCharactersAreRejectedAndWriteNothing(String json, String field, String codePoint) {
        long orders = count("orders");
        long messages = count("local_message");

        ResponseEntity<Map<String, Object>> response = post(json);

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(response.getBody()).containsEntry("detail", "Invalid order: " + field + " must not contain "
                + "invisible formatting characters, such as bidirectional overrides or zero-width spaces (found "
                + codePoint + ")");
        assertThat(count("orders")).isEqualTo(orders);
        assertThat(count("local_message")).isEqualTo(messages);
    }

    static Stream<Arguments> textsWithFormatCharacters() {
        // JSON escapes: a right-to-left override (U+202E) before "kcab" shows "bookback"; a zero-width space makes
        // two customers that look alike; a byte order mark is invisible too.
        return Stream.of(
                Arguments.of("{\"customerId\": \"c-1\", \"product\": \"book\\u202ekcab\", \"quantity\": 1}",
                        "product", "U+202E"),
                Arguments.of("{\"customerId\": \"c-\\u200b1\", \"product\": \"book\", \"quantity\": 1}",
                        "customerId", "U+200B"),
                Arguments.of("{\"customerId\": \"c-1\", \"product\": \"\\ufeffbook\", \"quantity\": 1}",
                        "product", "U+FEFF"));
    }

    @Test
    void loneSurrogateIsRejectedAndWritesNothing() {
        long orders = count("orders");

        ResponseEntity<Map<String, Object>> response = post(
                "{\"customerId\": \"c-1\", \"product\": \"b\\ud800ok\", \"quantity\": 1}");

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(response.getBody()).containsEntry("detail",
                "Invalid order: product must be well-formed Unicode, without a lone UTF-16 surrogate (found U+D800)");
        assertThat(count("orders")).isEqualTo(orders);
    }

    @Test
    void textBeyondTheBasicPlaneIsStoredAsSent() {
        // A surrogate pair is one character, not a lone surrogate: it must come back unchanged.
        ResponseEntity<Map<String, Object>> created = post(
                "{\"customerId\": \"c-\\ud83d\\udce6\", \"product\": \"b\\u00f6\\ud83d\\udcdak\", \"quantity\": 1}");

        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        ResponseEntity<Map<String, Object>> order = get(created.getHeaders().getLocation().getPath());
        assertThat(order.getBody()).containsEntry("customerId", "c-\ud83d\udce6")
                .containsEntry("product", "b\u00f6\ud83d\udcdak");
    }

    @Test
    void fractionalQuantityIsRejectedNotRounded() {
        long orders = count("orders");

        ResponseEntity<Map<String, Object>> response = post(
                "{\"customerId\": \"c-1\", \"product\": \"book\", \"quantity\": 1.5}");

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(response.getBody())
                .containsEntry("detail", "Invalid order: quantity must be a whole number, such as 2")
                .containsEntry("errors", Map.of("quantity", "must be a whole number, such as 2"));
        assertThat(count("orders")).isEqualTo(orders);
    }

    @Test
    void unknownOrderIsNotFound() {
        ResponseEntity<Map<String, Object>> response = get("/orders/no-such-order");

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(response.getBody()).containsEntry("detail", "No order with id 'no-such-order'");
    }

    @Test
    void trackingStepsOfAnOrderAreAppliedOnceEachInTheirOrder() {
        String orderId = placeOrder("c-track");

        List<Map<String, Object>> recorded = Stream.of("PACKED", "HANDED_TO_CARRIER", "DELIVERED")
                .map(step -> track(orderId, step)).toList();
        Map<String, Object> again = track(orderId, "PACKED");

        assertThat(recorded).extracting(step -> ((Number) step.get("sequence")).longValue()).containsExactly(1L, 2L,
                3L);
        assertThat(again).containsEntry("duplicate", true).containsEntry("sequence", 0);
        untilDelivered(Duration.ofSeconds(30), () -> assertThat(appliedSteps(orderId))
                .containsExactly("1:PACKED", "2:HANDED_TO_CARRIER", "3:DELIVERED"));
    }

    @Test
    void trackingStepsOfOrdersPostedConcurrentlyAreEachAppliedInTheirOrder() {
        List<String> orders = IntStream.range(0, 4).mapToObj(i -> placeOrder("c-busy-" + i)).toList();

        CompletableFuture.allOf(orders.stream().map(orderId -> CompletableFuture.runAsync(() -> Stream.of("PACKED",
                "HANDED_TO_CARRIER", "DELIVERED").forEach(step -> track(orderId, step))))
                .toArray(CompletableFuture[]::new)).join();

        untilDelivered(Duration.ofSeconds(60), () -> orders.forEach(orderId -> assertThat(
                appliedSteps(orderId)).containsExactly("1:PACKED", "2:HANDED_TO_CARRIER", "3:DELIVERED")));
    }

    @Test
    void aStepDeliveredBeforeAnEarlierOneIsHeldUntilTheEarlierOneRan() {
        String orderId = placeOrder("c-held");
        Map<String, String> first = trackingHeaders(orderId, 1);
        Map<String, String> third = trackingHeaders(orderId, 3);
        Map<String, String> second = trackingHeaders(orderId, 2);

        assertThat(this.trackingConsumer.apply(first, trackingUpdate(orderId, "PACKED")).duplicate()).isFalse();
        assertThatExceptionOfType(OutOfOrderException.class)
                .isThrownBy(() -> this.trackingConsumer.apply(third, trackingUpdate(orderId, "DELIVERED")));
        assertThat(this.trackingConsumer.apply(second, trackingUpdate(orderId, "HANDED_TO_CARRIER")).duplicate())
                .isFalse();
        assertThat(this.trackingConsumer.apply(third, trackingUpdate(orderId, "DELIVERED")).duplicate()).isFalse();
        assertThat(this.trackingConsumer.apply(second, trackingUpdate(orderId, "HANDED_TO_CARRIER")).duplicate())
                .as("a duplicate runs nothing").isTrue();

        assertThat(appliedSteps(orderId)).containsExactly("1:PACKED", "2:HANDED_TO_CARRIER", "3:DELIVERED");
    }

    @Test
    void aTrackingStepOfAnUnknownOrderOrWithAnUnknownNameIsRejectedAndWritesNothing() {
        String orderId = placeOrder("c-bad-step");
        long messages = count("local_message");

        ResponseEntity<Map<String, Object>> unknownOrder = this.http.post("/orders/no-such-order/tracking",
                Map.of("step", "PACKED"));
        ResponseEntity<Map<String, Object>> unknownStep = this.http.post("/orders/" + orderId + "/tracking",
                Map.of("step", "LOST_AT_SEA"));

        assertThat(unknownOrder.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(unknownOrder.getBody()).containsEntry("detail", "No order with id 'no-such-order'");
        assertThat(unknownStep.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat((String) unknownStep.getBody().get("detail")).contains("step");
        assertThat(count("local_message")).isEqualTo(messages);
        assertThat(this.jdbc.sql("SELECT COUNT(*) FROM orders WHERE id = ? AND tracking_step IS NULL").param(orderId)
                .query(Long.class).single()).as("no step recorded on the order").isEqualTo(1L);
    }

    private String placeOrder(String customerId) {
        ResponseEntity<Map<String, Object>> created = post(Map.of("customerId", customerId, "product", "lamp",
                "quantity", 1));
        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        return (String) created.getBody().get("orderId");
    }

    private Map<String, Object> track(String orderId, String step) {
        ResponseEntity<Map<String, Object>> recorded = this.http.post("/orders/" + orderId + "/tracking",
                Map.of("step", step));
        assertThat(recorded.getStatusCode()).isEqualTo(HttpStatus.ACCEPTED);
        return recorded.getBody();
    }

    private List<String> appliedSteps(String orderId) {
        ResponseEntity<List<Map<String, Object>>> steps = this.http.getList("/orders/" + orderId + "/tracking");
        assertThat(steps.getStatusCode()).isEqualTo(HttpStatus.OK);
        return steps.getBody().stream().map(step -> step.get("sequence") + ":" + step.get("step")).toList();
    }

    private static Map<String, String> trackingHeaders(String orderId, long sequence) {
        return Map.of(OutboxHeaders.ORDERING_KEY, orderId, OutboxHeaders.SEQUENCE, String.valueOf(sequence));
    }

    private static String trackingUpdate(String orderId, String step) {
        return "{\"orderId\":\"" + orderId + "\",\"step\":\"" + step + "\"}";
    }

    private ResponseEntity<Map<String, Object>> post(Object body) {
        return this.http.post(body);
    }

    private ResponseEntity<Map<String, Object>> get(String path) {
        return this.http.get(path);
    }

    private long count(String table) {
        return this.jdbc.sql("SELECT COUNT(*) FROM " + table).query(Long.class).single();
    }
}
