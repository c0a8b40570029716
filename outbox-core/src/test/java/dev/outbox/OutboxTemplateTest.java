/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import javax.sql.DataSource;

import dev.outbox.message.InvalidMessageException;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.message.StoredMessage;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.observation.SaveObservationContext;
import dev.outbox.schema.OutboxSchema;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The write path on an in-memory H2 database: validation before anything is written, the need for a
 * writable transaction on the outbox's data source, duplicates, and the hand-off after commit.
 */
class OutboxTemplateTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:15:30.123Z");

    private static final int MAX_PAYLOAD_BYTES = 64;

    private static final String EMOJI = "😀";

    private static DataSource dataSource;

    private static JdbcTemplate jdbc;

    private static TransactionTemplate transaction;

    private static OutboxStore store;

    private final List<String> saved = new CopyOnWriteArrayList<>();

    private final OutboxTemplate outbox = OutboxTemplate.builder(store)
            .clock(Clock.fixed(NOW, ZoneOffset.UTC))
            .maxPayloadBytes(MAX_PAYLOAD_BYTES)
            .serializer(OutboxTemplateTest::serialize)
            .metrics(new SavedTypes(this.saved))
            .build();

    @BeforeAll
    static void createDatabase() {
        dataSource = h2("outbox-template");
        store = OutboxStore.builder(dataSource).databaseType(DatabaseType.H2).build();
        OutboxSchema.migrate(store);
        jdbc = new JdbcTemplate(dataSource);
        transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    @AfterAll
    static void dropDatabase() {
        jdbc.execute("SHUTDOWN");
    }

    @BeforeEach
    void emptyTable() {
        jdbc.update("DELETE FROM local_message");
        jdbc.update("DELETE FROM local_message_sequence");
    }

    // ---------------------------------------------------------------- validation

    static Stream<Arguments> invalidMessages() {
        return Stream.of(
                invalid("type", "missing", "is required and must not be blank",
                        outbox -> outbox.message(null).key("k").topic("orders").payload("{}").save()),
                invalid("type", "empty", "is required and must not be blank",
                        outbox -> outbox.save("", "k", "orders", "{}")),
                invalid("type", "blank", "is required and must not be blank",
                        outbox -> outbox.save(" \t ", "k", "orders", "{}")),
                invalid("type", "65 characters", "is 65 characters long, more than the maximum of 64",
                        outbox -> outbox.save("t".repeat(65), "k", "orders", "{}")),
                invalid("type", "NUL", "contains a NUL character",
                        outbox -> outbox.save("order\0created", "k", "orders", "{}")),
                invalid("type", "line feed", "contains the control character U+000A, which would break the lines "
                        + "of logs and consoles that show it: keys, types, topics and ordering keys are printable text",
                        outbox -> outbox.save("order.created\nINFO forged", "k", "orders", "{}")),

                invalid("key", "missing", "is required and must not be blank",
                        outbox -> outbox.message("order.created").topic("orders").payload("{}").save()),
                invalid("key", "empty", "is required and must not be blank",
                        outbox -> outbox.save("order.created", "", "orders", "{}")),
                invalid("key", "blank", "is required and must not be blank",
                        outbox -> outbox.save("order.created", "   ", "orders", "{}")),
                invalid("key", "129 characters", "is 129 characters long, more than the maximum of 128",
                        outbox -> outbox.save("order.created", "k".repeat(129), "orders", "{}")),
                invalid("key", "129 emoji", "is 129 characters long, more than the maximum of 128",
                        outbox -> outbox.save("order.created", EMOJI.repeat(129), "orders", "{}")),
                invalid("key", "NUL", "contains a NUL character",
                        outbox -> outbox.save("order.created", "key\0", "orders", "{}")),
                invalid("key", "carriage return", "contains the control character U+000D",
                        outbox -> outbox.save("order.created", "key\r", "orders", "{}")),
                invalid("key", "escape", "contains the control character U+001B",
                        outbox -> outbox.save("order.created", "\u001b[2Jkey", "orders", "{}")),

                invalid("topic", "missing", "is required and must not be blank",
                        outbox -> outbox.message("order.created").key("k").payload("{}").save()),
                invalid("topic", "empty", "is required and must not be blank",
                        outbox -> outbox.save("order.created", "k", "", "{}")),
                invalid("topic", "blank", "is required and must not be blank",
                        outbox -> outbox.save("order.created", "k", "\n", "{}")),
                invalid("topic", "256 characters", "is 256 characters long, more than the maximum of 255",
                        outbox -> outbox.save("order.created", "k", "o".repeat(256), "{}")),
                invalid("topic", "NUL", "contains a NUL character",
                        outbox -> outbox.save("order.created", "k", "orders\0", "{}")),
                invalid("topic", "tab", "contains the control character U+0009",
                        outbox -> outbox.save("order.created", "k", "orders\tx", "{}")),
                invalid("topic", "DEL", "contains the control character U+007F",
                        outbox -> outbox.save("order.created", "k", "orders\u007f", "{}")),

                invalid("orderingKey", "empty", "is required and must not be blank",
                        outbox -> valid(outbox).orderingKey("").save()),
                invalid("orderingKey", "blank", "is required and must not be blank",
                        outbox -> valid(outbox).orderingKey("  ").save()),
                invalid("orderingKey", "129 characters", "is 129 characters long, more than the maximum of 128",
                        outbox -> valid(outbox).orderingKey("c".repeat(129)).save()),
                invalid("orderingKey", "129 emoji", "is 129 characters long, more than the maximum of 128",
                        outbox -> valid(outbox).orderingKey(EMOJI.repeat(129)).save()),
                invalid("orderingKey", "NUL", "contains a NUL character",
                        outbox -> valid(outbox).orderingKey("customer\0").save()),
                invalid("orderingKey", "next line (C1)", "contains the control character U+0085",
                        outbox -> valid(outbox).orderingKey("customer\u0085").save()),

                invalid("headers", "null name", "must not contain a null name or value",
                        outbox -> valid(outbox).header(null, "v").save()),
                invalid("headers", "null value", "must not contain a null name or value",
                        outbox -> valid(outbox).header("tenant", null).save()),
                invalid("headers", "null value in a map", "must not contain a null name or value",
                        outbox -> valid(outbox).headers(mapWithNullValue()).save()),
                invalid("headers", "blank name", "contain a blank header name",
                        outbox -> valid(outbox).header(" ", "v").save()),
                invalid("headers", "NUL in name", "contain a header name with the control character U+0000",
                        outbox -> valid(outbox).header("ten\0ant", "acme").save()),
                invalid("headers", "line feed in name", "contain a header name with the control character U+000A: a "
                        + "header name is printable text", outbox -> valid(outbox).header("ten\nant", "acme").save()),
                invalid("headers", "an outbox header", "contain 'outbox-sequence', but names starting with outbox- "
                        + "are reserved for the outbox's own headers: give the header another name",
                        outbox -> valid(outbox).header(OutboxHeaders.SEQUENCE, "1").save()),
                invalid("headers", "an outbox header in another case", "contain 'Outbox-Sequence', but names",
                        outbox -> valid(outbox).header("Outbox-Sequence", "1").save()),
                invalid("headers", "an outbox header in a map", "contain 'OUTBOX-ID', but names",
                        outbox -> valid(outbox).headers(Map.of("OUTBOX-ID", "7")).save()),
                invalid("headers", "a RocketMQ separator in a value", "contain a value of 'tenant' with the control "
                        + "character U+0002: a header value may hold tabs and line breaks, no other control character",
                        outbox -> valid(outbox).header("tenant", "acme\u0002outbox-sequence\u00011").save()),
                invalid("headers", "NUL in value", "contains a NUL character",
                        outbox -> valid(outbox).header("tenant", "ac\0me").save()),
                invalid("headers", "too large", "take more than 65535 bytes when stored as JSON",
                        outbox -> valid(outbox).header("big", "v".repeat(65_536)).save()),

                invalid("payload", "missing", "is required",
                        outbox -> outbox.message("order.created").key("k").topic("orders").save()),
                invalid("payload", "65 bytes", "is 65 bytes as UTF-8, more than the maximum of 64 bytes",
                        outbox -> outbox.save("order.created", "k", "orders", "x".repeat(65))),
                invalid("payload", "33 two-byte characters", "is 66 bytes as UTF-8, more than the maximum of 64 bytes",
                        outbox -> outbox.save("order.created", "k", "orders", "é".repeat(33))),
                invalid("payload", "17 emoji", "is 68 bytes as UTF-8, more than the maximum of 64 bytes",
                        outbox -> outbox.save("order.created", "k", "orders", EMOJI.repeat(17))),
                invalid("payload", "serialized too large", "more than the maximum of 64 bytes",
                        outbox -> outbox.save("order.created", "k", "orders", new Order("o".repeat(60)))),
                invalid("payload", "NUL", "contains a NUL character",
                        outbox -> outbox.save("order.created", "k", "orders", "{\"a\":\"\0\"}")),
                invalid("payload", "unserializable",
                        "of type " + Unserializable.class.getName() + " could not be serialized: cyclic object graph",
                        outbox -> outbox.save("order.created", "k", "orders", new Unserializable())),
                invalid("payload", "serialized to null", "was serialized to null",
                        outbox -> outbox.save("order.created", "k", "orders", new SerializesToNull())),

                invalid("delay", "negative", "must not be negative, was PT-1S",
                        outbox -> valid(outbox).delay(Duration.ofSeconds(-1)).save()));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("invalidMessages")
    void invalidMessageIsRejectedByFieldWritesNothingAndLeavesTheTransactionUsable(String field, String problem,
            String expectedProblem, Attempt attempt) {
        transaction.executeWithoutResult(status -> {
            assertThatThrownBy(() -> attempt.save(this.outbox))
                    .isInstanceOfSatisfying(InvalidMessageException.class, ex -> {
                        assertThat(ex.field()).isEqualTo(field);
                        assertThat(ex).hasMessageStartingWith("Invalid outbox message: '" + field + "' ")
                                .hasMessageContaining(expectedProblem);
                    });
            assertThat(rowCount()).isZero();
            this.outbox.save("order.created", "after-the-invalid-one", "orders", "{}");
        });

        assertThat(jdbc.queryForList("SELECT message_key FROM local_message", String.class))
                .containsExactly("after-the-invalid-one");
        assertThat(this.saved).containsExactly("order.created");
    }

    @Test
    void anUnserializablePayloadKeepsTheSerializersErrorAsCause() {
        transaction.executeWithoutResult(status -> assertThatThrownBy(
                () -> this.outbox.save("order.created", "k", "orders", new Unserializable()))
                .isInstanceOf(InvalidMessageException.class)
                .hasRootCauseInstanceOf(IllegalStateException.class)
                .hasRootCauseMessage("cyclic object graph"));
    }

    @Test
    void theDefaultSerializerExplainsThatOnlyTextCanBeSaved() {
        OutboxTemplate textOnly = OutboxTemplate.builder(store).build();

        transaction.executeWithoutResult(status -> assertThatThrownBy(
                () -> textOnly.save("order.created", "k", "orders", new Order("1")))
                .isInstanceOfSatisfying(InvalidMessageException.class,
                        ex -> assertThat(ex.field()).isEqualTo("payload"))
                .hasMessageContaining("no PayloadSerializer is configured for " + Order.class.getName()));
        assertThat(rowCount()).isZero();
    }

    @Test
    void aHeaderValueMayHoldLineBreaksAndTabs() {
        String value = "two lines\r\nand\ta tab";

        SaveResult saved = transaction.execute(status -> valid(this.outbox).header("note", value).save());

        assertThat(this.outbox.find(saved.id()).orElseThrow().headers()).containsEntry("note", value);
    }

    /** A save's observation handlers write into the message's headers, as tracing does: the same check holds. */
    @Test
    void anOutboxHeaderThatAnObservationHandlerAddsIsRefusedAndNothingIsSaved() {
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new ObservationHandler<SaveObservationContext>() {

            @Override
            public void onStart(SaveObservationContext context) {
                context.getCarrier().put(OutboxHeaders.SEQUENCE, "1");
            }

            @Override
            public boolean supportsContext(Observation.Context context) {
                return context instanceof SaveObservationContext;
            }
        });
        OutboxTemplate observed = OutboxTemplate.builder(store).observations(OutboxObservations.of(registry)).build();

        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> valid(observed).save()))
                .isInstanceOfSatisfying(InvalidMessageException.class,
                        ex -> assertThat(ex.field()).isEqualTo("headers"))
                .hasMessageContaining("contain 'outbox-sequence', but names starting with outbox- are reserved");
        assertThat(rowCount()).isZero();
    }

    @Test
    void valuesAtTheLimitsAreAcceptedAndStoredIntact() {
        String type = "t".repeat(64);
        String key = "k".repeat(128);
        String topic = "o".repeat(255);
        String orderingKey = "c".repeat(128);
        String payload = "p".repeat(MAX_PAYLOAD_BYTES);

        SaveResult result = transaction.execute(status -> this.outbox.message(type).key(key).topic(topic)
                .orderingKey(orderingKey).payload(payload).save());

        StoredMessage stored = this.outbox.find(result.id()).orElseThrow();
        assertThat(stored.messageType()).isEqualTo(type);
        assertThat(stored.messageKey()).isEqualTo(key);
        assertThat(stored.topic()).isEqualTo(topic);
        assertThat(stored.orderingKey()).isEqualTo(orderingKey);
        assertThat(stored.body()).isEqualTo(payload);
    }

    static Stream<Arguments> longestValuesInEmoji() {
        return Stream.of(
                Arguments.of("type", 64), Arguments.of("key", 128), Arguments.of("topic", 255),
                Arguments.of("orderingKey", 128));
    }

    /**
     * The limits are characters (code points), as MySQL's and PostgreSQL's VARCHAR count them: a
     * field of the maximum length in characters outside the BMP (two UTF-16 units each) is accepted
     * by the validator and must be stored too.
     */
    @ParameterizedTest(name = "{0}: {1} emoji")
    @MethodSource("longestValuesInEmoji")
    void aFieldOfTheMaximumLengthInEmojiIsAcceptedAndStoredIntact(String field, int length) {
        String value = EMOJI.repeat(length);
        MessageBuilder message = this.outbox.message(field.equals("type") ? value : "order.created")
                .key(field.equals("key") ? value : "order-1")
                .topic(field.equals("topic") ? value : "orders")
                .payload("{}");
        if (field.equals("orderingKey")) {
            message.orderingKey(value);
        }

        SaveResult result = transaction.execute(status -> message.save());

        StoredMessage stored = this.outbox.find(result.id()).orElseThrow();
        assertThat(switch (field) {
            case "type" -> stored.messageType();
            case "key" -> stored.messageKey();
            case "topic" -> stored.topic();
            default -> stored.orderingKey();
        }).isEqualTo(value);
    }

    @Test
    void sequencedSavesOnH2NumberTheirKeyAndADuplicateTakesNoNumber() {
        SaveResult[] results = transaction.execute(status -> new SaveResult[] {
                sequenced("step-1").save(), sequenced("step-1").save(), sequenced("step-2").save() });

        assertThat(results).extracting(SaveResult::sequence).containsExactly(1L, 0L, 2L);
        assertThat(this.outbox.find(results[2].id()).orElseThrow().headers())
                .containsEntry(OutboxHeaders.SEQUENCE, "2");
    }

    private MessageBuilder sequenced(String key) {
        return this.outbox.message("account.step").key(key).topic("accounts").payload("{}").orderingKey("account-1")
                .sequenced();
    }

    @Test
    void payloadOfEmojiUpToTheByteLimitIsAccepted() {
        String payload = EMOJI.repeat(MAX_PAYLOAD_BYTES / 4);

        SaveResult result = transaction.execute(status -> this.outbox.save("order.created", "k", "orders", payload));

        assertThat(this.outbox.find(result.id()).orElseThrow().body()).isEqualTo(payload);
    }

    @Test
    void payloadLimitIsCountedInUtf8Bytes() {
        String twoByteCharacters = "é".repeat(MAX_PAYLOAD_BYTES / 2);

        SaveResult result = transaction.execute(
                status -> this.outbox.save("order.created", "k", "orders", twoByteCharacters));

        assertThat(this.outbox.find(result.id()).orElseThrow().body()).isEqualTo(twoByteCharacters);
    }

    @Test
    void maxPayloadBytesOutsideItsRangeIsRejectedWhenTheTemplateIsBuilt() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> OutboxTemplate.builder(store).maxPayloadBytes(0).build())
                .withMessageContaining("max-payload-size must be between 1 and 16777215 bytes");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> OutboxTemplate.builder(store).maxPayloadBytes(16_777_216).build())
                .withMessageContaining("max-payload-size");
    }

    // ---------------------------------------------------------------- transactions

    @Test
    void saveOutsideATransactionIsRejectedWithAMessageThatSaysATransactionIsNeeded() {
        assertThatThrownBy(() -> this.outbox.save("order.created", "k", "orders", "{}"))
                .isInstanceOf(IllegalTransactionStateException.class)
                .hasMessageContaining("needs an active transaction")
                .hasMessageContaining("@Transactional");

        assertThat(rowCount()).isZero();
        assertThat(this.saved).isEmpty();
    }

    @Test
    void saveWithOnlyTransactionSynchronizationButNoTransactionIsRejected() {
        TransactionTemplate supports = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        supports.setPropagationBehavior(TransactionDefinition.PROPAGATION_SUPPORTS);

        supports.executeWithoutResult(status -> assertThatThrownBy(
                () -> this.outbox.save("order.created", "k", "orders", "{}"))
                .isInstanceOf(IllegalTransactionStateException.class)
                .hasMessageContaining("needs an active transaction"));

        assertThat(rowCount()).isZero();
    }

    @Test
    void saveInAReadOnlyTransactionIsRejected() {
        TransactionTemplate readOnly = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        readOnly.setReadOnly(true);

        readOnly.executeWithoutResult(status -> assertThatThrownBy(
                () -> this.outbox.save("order.created", "k", "orders", "{}"))
                .isInstanceOf(IllegalTransactionStateException.class)
                .hasMessageContaining("read-only transaction"));

        assertThat(rowCount()).isZero();
    }

    @Test
    void saveInATransactionOfAnotherDataSourceIsRejected() {
        DataSource other = h2("outbox-template-other");
        TransactionTemplate otherTransaction = new TransactionTemplate(new DataSourceTransactionManager(other));

        try {
            otherTransaction.executeWithoutResult(status -> assertThatThrownBy(
                    () -> this.outbox.save("order.created", "k", "orders", "{}"))
                    .isInstanceOf(IllegalTransactionStateException.class)
                    .hasMessageContaining("does not manage the outbox's DataSource"));
        }
        finally {
            new JdbcTemplate(other).execute("SHUTDOWN");
        }
        assertThat(rowCount()).isZero();
    }

    @Test
    void aRolledBackTransactionLeavesNoMessage() {
        transaction.executeWithoutResult(status -> {
            this.outbox.save("order.created", "k", "orders", "{}");
            status.setRollbackOnly();
        });

        assertThat(rowCount()).isZero();
    }

    // ---------------------------------------------------------------- what is stored

    @Test
    void aStringPayloadIsStoredAsItIsWithoutTheSerializer() {
        String payload = "{\"note\":\"line 1\\nline \\\"2\\\"\",\n \"name\":\"Zoë 😀\"}\t ";
        OutboxTemplate failingSerializer = OutboxTemplate.builder(store).serializer(object -> {
            throw new AssertionError("a String payload must not be serialized");
        }).build();

        SaveResult result = transaction.execute(
                status -> failingSerializer.save("order.created", "k", "orders", payload));

        assertThat(jdbc.queryForObject("SELECT message_body FROM local_message WHERE id = ?", String.class,
                result.id())).isEqualTo(payload);
    }

    @Test
    void anObjectPayloadIsStoredAsTheSerializerWroteIt() {
        SaveResult result = transaction.execute(
                status -> this.outbox.save("order.created", "k", "orders", new Order("42")));

        assertThat(this.outbox.find(result.id()).orElseThrow().body()).isEqualTo("{\"order\":\"42\"}");
    }

    @Test
    void aNewMessageIsPendingAndDueAtOnceWithItsHeadersAndTimesInUtc() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("tenant", "acme");
        headers.put("trace", "00-abc-01");

        SaveResult result = transaction.execute(status -> valid(this.outbox).orderingKey("customer-1")
                .headers(headers).save());

        StoredMessage stored = this.outbox.find(result.id()).orElseThrow();
        assertThat(result.duplicate()).isFalse();
        assertThat(stored.state()).isEqualTo(MessageState.PENDING);
        assertThat(stored.retryCount()).isZero();
        assertThat(stored.headers()).containsExactlyEntriesOf(headers);
        assertThat(stored.orderingKey()).isEqualTo("customer-1");
        assertThat(stored.createdAt()).isEqualTo(NOW);
        assertThat(stored.modifiedAt()).isEqualTo(NOW);
        assertThat(stored.nextRetryAt()).isEqualTo(NOW);
        assertThat(stored.lastAttemptAt()).isNull();
        assertThat(stored.brokerMessageId()).isNull();
        assertThat(stored.failReason()).isNull();
    }

    @Test
    void aMessageWithoutHeadersLeavesTheColumnNull() {
        SaveResult result = transaction.execute(status -> valid(this.outbox).save());

        assertThat(jdbc.queryForObject("SELECT headers FROM local_message WHERE id = ?", String.class, result.id()))
                .isNull();
        assertThat(this.outbox.find(result.id()).orElseThrow().headers()).isEmpty();
    }

    @Test
    void aDelayedMessageIsDueAfterItsDelayAndAPastDeliveryTimeMeansNow() {
        SaveResult delayed = transaction.execute(status -> this.outbox.message("order.created").key("delayed")
                .topic("orders").payload("{}").delay(Duration.ofMinutes(5)).save());
        SaveResult scheduled = transaction.execute(status -> this.outbox.message("order.created").key("scheduled")
                .topic("orders").payload("{}").deliverAt(NOW.plusSeconds(90)).save());
        SaveResult past = transaction.execute(status -> this.outbox.message("order.created").key("past")
                .topic("orders").payload("{}").deliverAt(NOW.minusSeconds(90)).save());

        assertThat(this.outbox.find(delayed.id()).orElseThrow().nextRetryAt()).isEqualTo(NOW.plusSeconds(300));
        assertThat(this.outbox.find(scheduled.id()).orElseThrow().nextRetryAt()).isEqualTo(NOW.plusSeconds(90));
        assertThat(this.outbox.find(past.id()).orElseThrow().nextRetryAt()).isEqualTo(NOW);
    }

    // ---------------------------------------------------------------- duplicates

    @Test
    void aDuplicateKeyAndTypeReturnsTheFirstIdAndKeepsTheFirstMessage() {
        SaveResult first = transaction.execute(status -> this.outbox.save("order.created", "order-1", "orders",
                "first"));

        SaveResult second = transaction.execute(status -> this.outbox.save("order.created", "order-1", "other-topic",
                "second"));

        assertThat(first.duplicate()).isFalse();
        assertThat(second).isEqualTo(new SaveResult(first.id(), true));
        assertThat(rowCount()).isEqualTo(1);
        assertThat(this.outbox.find(first.id()).orElseThrow().body()).isEqualTo("first");
        assertThat(this.saved).containsExactly("order.created");
    }

    @Test
    void aDuplicateInTheSameTransactionLeavesItUsableAndCommitsTheFirst() {
        List<SaveResult> results = new ArrayList<>();

        transaction.executeWithoutResult(status -> {
            results.add(this.outbox.save("order.created", "order-1", "orders", "first"));
            results.add(this.outbox.save("order.created", "order-1", "orders", "second"));
            results.add(this.outbox.save("order.created", "order-2", "orders", "third"));
        });

        assertThat(results.get(1)).isEqualTo(new SaveResult(results.get(0).id(), true));
        assertThat(results.get(2).duplicate()).isFalse();
        assertThat(jdbc.queryForList("SELECT message_body FROM local_message ORDER BY id", String.class))
                .containsExactly("first", "third");
    }

    @Test
    void theSameKeyWithAnotherTypeIsANewMessage() {
        SaveResult created = transaction.execute(status -> this.outbox.save("order.created", "order-1", "orders",
                "{}"));
        SaveResult cancelled = transaction.execute(status -> this.outbox.save("order.cancelled", "order-1", "orders",
                "{}"));

        assertThat(cancelled.duplicate()).isFalse();
        assertThat(cancelled.id()).isNotEqualTo(created.id());
        assertThat(rowCount()).isEqualTo(2);
    }

    @Test
    void keysDifferingOnlyInCaseAreDifferentMessages() {
        transaction.executeWithoutResult(status -> {
            assertThat(this.outbox.save("order.created", "Order-1", "orders", "{}").duplicate()).isFalse();
            assertThat(this.outbox.save("order.created", "order-1", "orders", "{}").duplicate()).isFalse();
        });

        assertThat(rowCount()).isEqualTo(2);
    }

    // ---------------------------------------------------------------- hand-off after commit

    @Nested
    class HandOff {

        private final RecordingHandoff handoff = new RecordingHandoff(Duration.ofSeconds(30));

        private final OutboxTemplate handingOff = OutboxTemplate.builder(store).handoffTo(this.handoff)
                .clock(Clock.fixed(NOW, ZoneOffset.UTC))
                .build();

        @Test
        void dueMessagesAreHandedOffOnlyAfterTheCommitLeasedToThisInstance() {
            List<SaveResult> results = new ArrayList<>();

            transaction.executeWithoutResult(status -> {
                results.add(this.handingOff.message("order.created").key("a").topic("orders").payload("{\"a\":1}")
                        .header("tenant", "acme").save());
                results.add(this.handingOff.save("order.created", "b", "orders", "{\"b\":2}"));
                assertThat(this.handoff.handedOff).as("nothing before the commit").isEmpty();
            });

            assertThat(this.handoff.handedOff).hasSize(1);
            List<HandedOffMessage> messages = this.handoff.handedOff.get(0);
            assertThat(messages).extracting(message -> message.message().id())
                    .containsExactly(results.get(0).id(), results.get(1).id());
            assertThat(messages).allSatisfy(message -> {
                assertThat(message.leaseUntil()).isEqualTo(NOW.plusSeconds(30));
                assertThat(message.message().lockVersion()).isZero();
                assertThat(message.message().retryCount()).isZero();
                assertThat(message.message().state()).isEqualTo(MessageState.PENDING);
            });
            assertThat(messages.get(0).message().headers()).containsExactly(Map.entry("tenant", "acme"));
            assertThat(messages.get(0).message().body()).isEqualTo("{\"a\":1}");
            // The row is leased to this instance, so other instances leave it alone meanwhile.
            assertThat(this.handingOff.find(results.get(0).id()).orElseThrow().nextRetryAt())
                    .isEqualTo(NOW.plusSeconds(30));
            assertThat(this.handoff.claimsDueAt).isEmpty();
        }

        @Test
        void aStoppedDispatcherGetsNothingAndTheMessageIsDueAtOnceForAnyInstance() {
            this.handoff.accepting = false;

            SaveResult saved = transaction.execute(status -> this.handingOff.save("order.created", "a", "orders", "{}"));

            assertThat(this.handoff.handedOff).isEmpty();
            assertThat(this.handingOff.find(saved.id()).orElseThrow().nextRetryAt()).isEqualTo(NOW);
        }

        @Test
        void aDispatcherWithAHandoffCapacityOfZeroTakesNoHandOffAndTheMessageIsDueAtOnce() {
            Dispatcher dispatcher = Dispatcher.builder(store, MessageRoutes.to(message -> new CompletableFuture<>()))
                    .settings(DispatcherSettings.builder().handoffCapacity(0).build())
                    .dispatchThreadFactory(loop -> new Thread(() -> { })) // running, but its loop never claims
                    .build();
            OutboxTemplate template = OutboxTemplate.builder(store).clock(Clock.fixed(NOW, ZoneOffset.UTC))
                    .handoff(dispatcher).build();
            dispatcher.start();
            try {
                assertThat(dispatcher.localHandoff().accepting("orders")).isFalse();
                SaveResult saved = transaction.execute(status -> template.save("order.created", "no-handoff", "orders",
                        "{}"));
                assertThat(template.find(saved.id()).orElseThrow().nextRetryAt()).as("not leased to this instance")
                        .isEqualTo(NOW);
            }
            finally {
                dispatcher.stop();
            }
        }

        @Test
        void theHandedOffMessageKeepsTheHeadersItWasSavedWithWhenItsBuilderIsReused() {
            List<SaveResult> results = new ArrayList<>();

            transaction.executeWithoutResult(status -> {
                MessageBuilder builder = this.handingOff.message("order.created").topic("orders")
                        .header("tenant", "acme");
                results.add(builder.key("a").payload("{}").save());
                builder.header("added-later", "for the next message only");
                results.add(builder.key("b").payload("{}").save());
            });

            List<HandedOffMessage> messages = this.handoff.handedOff.get(0);
            assertThat(this.handingOff.find(results.get(0).id()).orElseThrow().headers())
                    .containsExactly(Map.entry("tenant", "acme"));
            assertThat(messages.get(0).message().headers()).as("headers handed off for the first message")
                    .containsExactly(Map.entry("tenant", "acme"));
            assertThat(messages.get(1).message().headers()).containsOnlyKeys("tenant", "added-later");
        }

        @Test
        void aRollbackHandsOffNothing() {
            transaction.executeWithoutResult(status -> {
                this.handingOff.save("order.created", "a", "orders", "{}");
                status.setRollbackOnly();
            });

            assertThat(this.handoff.handedOff).isEmpty();
            assertThat(this.handoff.claimsDueAt).isEmpty();
        }

        @Test
        void delayedMessagesAreClaimedWhenTheEarliestIsDue() {
            transaction.executeWithoutResult(status -> {
                this.handingOff.message("order.created").key("later").topic("orders").payload("{}")
                        .delay(Duration.ofMinutes(5)).save();
                this.handingOff.message("order.created").key("sooner").topic("orders").payload("{}")
                        .delay(Duration.ofMinutes(2)).save();
            });

            assertThat(this.handoff.handedOff).isEmpty();
            assertThat(this.handoff.claimsDueAt).containsExactly(NOW.plusSeconds(120));
        }

        @Test
        void aDueOrderedMessageIsHandedOffWithItsOrderingKeyForTheDispatcherToCheck() {
            transaction.executeWithoutResult(status -> this.handingOff.message("order.created").key("ordered")
                    .topic("orders").payload("{}").orderingKey("customer-1").save());

            assertThat(this.handoff.handedOff).singleElement().satisfies(commit -> assertThat(commit).singleElement()
                    .satisfies(handedOff -> {
                        assertThat(handedOff.message().orderingKey()).isEqualTo("customer-1");
                        assertThat(handedOff.message().lockVersion()).isZero();
                    }));
            assertThat(this.handoff.claimsDueAt).isEmpty();
        }

        @Test
        void aDuplicateIsNotHandedOffAgain() {
            transaction.executeWithoutResult(status -> this.handingOff.save("order.created", "a", "orders", "{}"));
            transaction.executeWithoutResult(status -> this.handingOff.save("order.created", "a", "orders", "{}"));

            assertThat(this.handoff.handedOff).hasSize(1);
        }

        @Test
        void aFailingHandOffDoesNotFailTheCommittedTransaction() {
            this.handoff.failing = true;

            transaction.executeWithoutResult(status -> this.handingOff.save("order.created", "a", "orders", "{}"));

            assertThat(rowCount()).isEqualTo(1);
        }
    }

    // ---------------------------------------------------------------- helpers

    private static Arguments invalid(String field, String problem, String expectedProblem, Attempt attempt) {
        return Arguments.of(field, problem, expectedProblem, attempt);
    }

    private static MessageBuilder valid(OutboxTemplate outbox) {
        return outbox.message("order.created").key("order-1").topic("orders").payload("{}");
    }

    private static Map<String, String> mapWithNullValue() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("tenant", null);
        return headers;
    }

    private static int rowCount() {
        Integer count = jdbc.queryForObject("SELECT COUNT(*) FROM local_message", Integer.class);
        return (count != null) ? count : -1;
    }

    private static DataSource h2(String name) {
        return new DriverManagerDataSource("jdbc:h2:mem:" + name + "-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    }

    private static String serialize(Object payload) {
        if (payload instanceof Unserializable) {
            throw new IllegalStateException("cyclic object graph");
        }
        if (payload instanceof SerializesToNull) {
            return null;
        }
        if (payload instanceof Order order) {
            return "{\"order\":\"" + order.id() + "\"}";
        }
        return String.valueOf(payload);
    }

    /** A save that a test expects to be rejected. */
    @FunctionalInterface
    interface Attempt {
        void save(OutboxTemplate outbox);
    }

    record Order(String id) {
    }

    static final class Unserializable {
    }

    static final class SerializesToNull {
    }

    /** Records the types of saved messages. */
    private static final class SavedTypes implements OutboxMetrics {

        private final List<String> saved;

        SavedTypes(List<String> saved) {
            this.saved = saved;
        }

        @Override
        public void saved(String messageType) {
            this.saved.add(messageType);
        }
    }

    /** Records what the template tells the dispatcher after each commit. */
    private static final class RecordingHandoff implements MessageHandoff {

        final List<List<HandedOffMessage>> handedOff = new CopyOnWriteArrayList<>();

        final List<Instant> claimsDueAt = new CopyOnWriteArrayList<>();

        private final Duration lease;

        volatile boolean failing;

        volatile boolean accepting = true;

        RecordingHandoff(Duration lease) {
            this.lease = lease;
        }

        @Override
        public boolean accepting(String topic) {
            return this.accepting;
        }

        @Override
        public Duration lease() {
            return this.lease;
        }

        @Override
        public void handOff(List<HandedOffMessage> messages) {
            if (this.failing) {
                throw new IllegalStateException("dispatcher is shutting down");
            }
            this.handedOff.add(messages);
        }

        @Override
        public void claimDueAt(Instant dueAt) {
            this.claimsDueAt.add(dueAt);
        }
    }
}
