/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.TimeZone;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.stream.Stream;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageBuilder;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.message.InvalidMessageException;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.message.StoredMessage;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.RecordingSender;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.transaction.IllegalTransactionStateException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The write path on a real database: atomic with the business transaction, idempotent, validated
 * before the database is touched, and handed to the dispatcher on commit.
 */
abstract class SaveContract extends DatabaseContract {

    private RecordingSender sender;

    /**
     * @return whether the driver and server keep the milliseconds of the DATETIME(3) columns
     */
    boolean keepsMilliseconds() {
        return true;
    }

    @BeforeEach
    void freshSender() {
        this.sender = new RecordingSender();
    }

    @Test
    void committedMessageIsHandedToTheDispatcherAndSentWithoutWaitingForAPoll() {
        // The poll interval is far longer than the test may take: only the commit hand-off can deliver.
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender))
                .settings(DispatcherSettings.builder().pollInterval(Duration.ofMinutes(5))
                        .maxPollInterval(Duration.ofMinutes(5)).build())
                .build();
        OutboxTemplate outbox = this.fixture.template().handoff(dispatcher).build();
        dispatcher.start();
        try {
            SaveResult saved = this.fixture.inTransaction(() -> {
                this.fixture.insertBusinessRow("order-1");
                return outbox.message("order.created").key("order-1").topic("orders").payload("{\"id\":1}")
                        .header("trace", "abc").save();
            });

            await().atMost(Duration.ofSeconds(10)).until(() -> this.fixture.row(saved.id()).state() == MessageState.SENT);
            StoredMessage row = this.fixture.row(saved.id());
            assertThat(row.brokerMessageId()).isEqualTo("rec-" + saved.id());
            assertThat(row.lastAttemptAt()).isNotNull();
            OutgoingMessage delivered = this.sender.sent().get(0);
            assertThat(delivered.id()).isEqualTo(saved.id());
            assertThat(delivered.body()).isEqualTo("{\"id\":1}");
            assertThat(delivered.headers()).containsEntry("trace", "abc");
            assertThat(delivered.attempt()).isEqualTo(1);
        }
        finally {
            dispatcher.stop();
        }
    }

    @Test
    void duplicateCommittedAfterTheTransactionsSnapshotIsStillFound() {
        OutboxTemplate outbox = this.fixture.template().build();

        this.fixture.inTransaction(() -> {
            // A first read: under MySQL's REPEATABLE READ it fixes the snapshot this transaction reads.
            this.fixture.countBusinessRows();
            SaveResult other = CompletableFuture.supplyAsync(() -> this.fixture.inTransaction(
                    () -> outbox.save("order.created", "order-1", "orders", "{\"by\":\"other\"}"))).join();

            SaveResult mine = outbox.save("order.created", "order-1", "orders", "{\"by\":\"me\"}");

            assertThat(mine).isEqualTo(new SaveResult(other.id(), true));
            return mine;
        });
        assertThat(this.fixture.countAll()).isOne();
    }

    @Test
    void rolledBackTransactionLeavesNoMessage() {
        OutboxTemplate outbox = this.fixture.template().build();

        assertThatThrownBy(() -> this.fixture.inTransaction(() -> {
            this.fixture.insertBusinessRow("order-1");
            outbox.save("order.created", "order-1", "orders", "{}");
            throw new IllegalStateException("business rule broken");
        })).hasMessage("business rule broken");

        assertThat(this.fixture.countAll()).isZero();
        assertThat(this.fixture.countBusinessRows()).isZero();
        assertThat(this.fixture.dispatcher(MessageRoutes.to(this.sender)).build().dispatchOnce()).isZero();
        assertThat(this.sender.sent()).isEmpty();
    }

    @Test
    void saveOutsideATransactionIsRejectedAndWritesNothing() {
        OutboxTemplate outbox = this.fixture.template().build();

        assertThatThrownBy(() -> outbox.save("order.created", "order-1", "orders", "{}"))
                .isInstanceOf(IllegalTransactionStateException.class)
                .hasMessageContaining("needs an active transaction")
                .hasMessageContaining("@Transactional");
        assertThat(this.fixture.countAll()).isZero();
    }

    @Test
    void duplicateKeyAndTypeReturnsTheFirstMessageAndKeepsTheTransactionUsable() {
        OutboxTemplate outbox = this.fixture.template().build();

        SaveResult[] results = this.fixture.inTransaction(() -> {
            SaveResult first = outbox.save("order.created", "order-1", "orders", "{\"v\":1}");
            SaveResult second = outbox.save("order.created", "order-1", "orders", "{\"v\":2}");
            // On PostgreSQL a failed statement would abort the transaction: this insert proves it did not.
            this.fixture.insertBusinessRow("after-duplicate");
            return new SaveResult[] { first, second };
        });
        SaveResult inLaterTransaction = this.fixture.inTransaction(
                () -> outbox.save("order.created", "order-1", "orders", "{\"v\":3}"));
        SaveResult otherType = this.fixture.inTransaction(
                () -> outbox.save("order.paid", "order-1", "orders", "{}"));

        assertThat(results[0].duplicate()).isFalse();
        assertThat(results[1]).isEqualTo(new SaveResult(results[0].id(), true));
        assertThat(inLaterTransaction).isEqualTo(new SaveResult(results[0].id(), true));
        assertThat(otherType.duplicate()).isFalse();
        assertThat(this.fixture.countAll()).isEqualTo(2);
        assertThat(this.fixture.countBusinessRows()).isEqualTo(1);
        assertThat(this.fixture.row(results[0].id()).body()).isEqualTo("{\"v\":1}");
    }

    static Stream<Arguments> invalidMessages() {
        return Stream.of(
                invalid("type", "is required", b -> { }, "  "),
                invalid("type", "more than the maximum of 64", b -> { }, "t".repeat(65)),
                invalid("key", "is required", b -> b.key(""), "order.created"),
                invalid("key", "more than the maximum of 128", b -> b.key("k".repeat(129)), "order.created"),
                invalid("key", "NUL character", b -> b.key("a\0b"), "order.created"),
                invalid("key", "control character U+000A", b -> b.key("order-1\nINFO forged"), "order.created"),
                invalid("type", "control character U+000D", b -> { }, "order.created\r"),
                invalid("topic", "control character U+001B", b -> b.topic("\u001b[31morders"), "order.created"),
                invalid("topic", "is required", b -> b.topic(" "), "order.created"),
                invalid("topic", "more than the maximum of 255", b -> b.topic("t".repeat(256)), "order.created"),
                invalid("orderingKey", "more than the maximum of 128",
                        b -> b.orderingKey("o".repeat(129)), "order.created"),
                invalid("orderingKey", "is required for a sequenced message", MessageBuilder::sequenced,
                        "order.created"),
                invalid("payload", "NUL character", b -> b.payload("{\"a\":\"\0\"}"), "order.created"),
                invalid("payload", "more than the maximum of 64 bytes", b -> b.payload("x".repeat(65)),
                        "order.created"),
                invalid("payload", "could not be serialized", b -> b.payload(new Object()), "order.created"),
                invalid("headers", "blank header name", b -> b.header(" ", "v"), "order.created"),
                invalid("headers", "reserved for the outbox's own headers",
                        b -> b.header("outbox-sequence", "1"), "order.created"));
    }

    private static Arguments invalid(String field, String problem, Consumer<MessageBuilder> breakIt, String type) {
        return Arguments.of(field, problem, breakIt, type);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("invalidMessages")
    void invalidFieldIsRejectedByNameBeforeTheDatabaseAndTheTransactionGoesOn(String field, String problem,
            Consumer<MessageBuilder> breakIt, String type) {
        OutboxTemplate outbox = this.fixture.template().maxPayloadBytes(64).serializer(payload -> {
            throw new IllegalArgumentException("no serializer for " + payload.getClass().getSimpleName());
        }).build();

        this.fixture.inTransaction(() -> {
            MessageBuilder message = outbox.message(type).key("order-1").topic("orders").payload("{}");
            // A header is refused when it is added, the other fields when the message is saved.
            assertThatThrownBy(() -> {
                breakIt.accept(message);
                message.save();
            }).isInstanceOfSatisfying(InvalidMessageException.class,
                    ex -> assertThat(ex.field()).isEqualTo(field))
                    .hasMessageContaining("'" + field + "'")
                    .hasMessageContaining(problem);
            outbox.save("order.created", "order-2", "orders", "{}");
            this.fixture.insertBusinessRow("order-2");
            return null;
        });

        assertThat(this.fixture.count("message_key = ?", "order-1")).isZero();
        assertThat(this.fixture.count("message_key = ?", "order-2")).isOne();
        assertThat(this.fixture.countBusinessRows()).isOne();
    }

    @Test
    void longestValuesThatFitTheColumnsAreStoredIntact() {
        OutboxTemplate outbox = this.fixture.template().build();
        String emojiKey = "\uD83D\uDE00".repeat(128);
        String body = "{\"text\":\"" + "\u00e9".repeat(300_000) + "\"}";

        SaveResult saved = this.fixture.inTransaction(() -> outbox.message("t".repeat(64)).key(emojiKey)
                .topic("p".repeat(255)).orderingKey("o".repeat(128)).payload(body).save());

        StoredMessage row = this.fixture.row(saved.id());
        assertThat(row.messageKey()).isEqualTo(emojiKey);
        assertThat(row.body()).isEqualTo(body);
        assertThat(row.topic()).hasSize(255);
    }

    @Test
    void delayedMessageIsNotSentBeforeItsTime() {
        MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
        Dispatcher dispatcher = this.fixture.dispatcher(MessageRoutes.to(this.sender)).clock(clock).build();
        OutboxTemplate outbox = this.fixture.template().clock(clock).handoff(dispatcher).build();

        SaveResult saved = this.fixture.inTransaction(() -> outbox.message("reminder").key("r-1").topic("reminders")
                .payload("{}").delay(Duration.ofMinutes(10)).save());

        clock.advance(Duration.ofMinutes(10).minusMillis(1));
        assertThat(dispatcher.dispatchOnce()).isZero();
        assertThat(this.fixture.row(saved.id()).state()).isEqualTo(MessageState.PENDING);
        clock.advance(Duration.ofMillis(1));
        assertThat(dispatcher.dispatchOnce()).isOne();
        assertThat(this.fixture.row(saved.id()).state()).isEqualTo(MessageState.SENT);
    }

    @Test
    void timesAreStoredInUtcWhateverTheJvmZone() {
        assertThat(TimeZone.getDefault().getRawOffset()).as("tests run with a non-UTC default zone").isNotZero();
        MutableClock clock = new MutableClock(Instant.parse("2026-01-02T03:04:05.678Z"));
        OutboxTemplate outbox = this.fixture.template().clock(clock).build();

        SaveResult saved = this.fixture.inTransaction(() -> outbox.save("order.created", "order-1", "orders", "{}"));

        LocalDateTime expected = LocalDateTime.parse(keepsMilliseconds() ? "2026-01-02T03:04:05.678"
                : "2026-01-02T03:04:05");
        assertThat(this.fixture.jdbc.queryForObject("SELECT gmt_create FROM local_message WHERE id = ?",
                LocalDateTime.class, saved.id())).isEqualTo(expected);
        Instant storedInstant = expected.toInstant(ZoneOffset.UTC);
        assertThat(this.fixture.row(saved.id()).createdAt()).isEqualTo(storedInstant);
        assertThat(this.fixture.row(saved.id()).nextRetryAt()).isEqualTo(storedInstant);
    }
}
