/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.util.Map;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.OutgoingMessage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The assertions on sent messages, and what their failures say: what was expected, what was there, which messages.
 */
class MessagesTest {

    private final RecordingMessageSender sender = new RecordingMessageSender();

    @Test
    void narrowsDownByTypeKeyOrderingKeyAndTopic() {
        send(1, "order.created", "o-1", "c-1", "orders");
        send(2, "order.paid", "o-1", "c-1", "payments");
        send(3, "order.created", "o-2", "c-2", "orders");

        assertThat(this.sender.sent().ofType("order.created").keys()).containsExactly("o-1", "o-2");
        assertThat(this.sender.sent().withKey("o-1").toTopic("payments").size()).isEqualTo(1);
        assertThat(this.sender.sent().withOrderingKey("c-2").list())
                .singleElement().satisfies(sent -> assertThat(sent.message().id()).isEqualTo(3));
    }

    @Test
    void aWrongCountNamesTheNarrowingAndListsTheMessages() {
        send(1, "order.created", "o-1", "c-1", "orders");

        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> this.sender.sent().withKey("o-1").hasSize(2))
                .withMessageStartingWith("Expected 2 sent messages but there was 1 among the sent messages with key "
                        + "'o-1':")
                .withMessageContaining("#1 type 'order.created' key 'o-1' topic 'orders' ordering key 'c-1' "
                        + "(attempt 1 through 'recording')");
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> this.sender.sent().ofType("x").single())
                .withMessageContaining("Expected 1 sent message but there were 0 among the sent messages with type 'x'")
                .withMessageContaining("(none)");
    }

    @Test
    void aFieldThatDiffersShowsTheExpectedAndTheActualValue() {
        send(7, "order.created", "o-7", null, "orders");
        MessageAssert<SentMessage> sent = this.sender.sent().single();

        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> sent.hasKey("o-8"))
                .withMessage("Expected key 'o-8' on sent message #7 type 'order.created' key 'o-7' topic 'orders' "
                        + "(attempt 1 through 'recording')\n  but it has key 'o-7'");
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> sent.hasOrderingKey("c-1"))
                .withMessageEndingWith("but it has ordering key none");
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> sent.hasHeader(OutboxHeaders.KEY, "o-8"))
                .withMessageContaining("Expected header outbox-key=o-8").withMessageContaining("outbox-key=o-7");
        sent.hasType("order.created").hasTopic("orders").hasOrderingKey(null).hasHeader(OutboxHeaders.ID, "7");
    }

    @Test
    void comparesBodiesAsJsonWhateverTheSpacingAndFieldOrder() {
        this.sender.send(new OutgoingMessage(1, "o-1", "order.created", "orders", null, Map.of(),
                "{\"id\":\"o-1\",\"items\":[1,2],\"paid\":true}", 1));
        MessageAssert<SentMessage> sent = this.sender.sent().single();

        sent.hasJsonBody("{ \"paid\": true, \"items\": [1, 2], \"id\": \"o-1\" }");
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> sent.hasJsonBody("{\"id\":\"o-1\"}"))
                .withMessageContaining("a JSON body equal to {\"id\":\"o-1\"}");
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> sent.hasJsonBody("{\"items\":[2,1],"
                + "\"paid\":true,\"id\":\"o-1\"}")).as("the order of an array counts");
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> sent.hasBody("{\"id\": \"o-1\"}"))
                .withMessageContaining("but it has body '{\"id\":\"o-1\",\"items\":[1,2],\"paid\":true}'");
        assertThatIllegalArgumentException().isThrownBy(() -> sent.hasJsonBody("{not json"))
                .withMessageStartingWith("The expected JSON is no JSON");
    }

    @Test
    void checksTheOrderOfKeysAndThatMessagesComeInTheOrderTheyWereSavedIn() {
        send(1, "order.created", "o-1", "c-1", "orders");
        send(3, "order.paid", "o-1", "c-1", "orders");
        send(2, "order.shipped", "o-1", "c-1", "orders");

        this.sender.sent().withOrderingKey("c-1").hasKeys("o-1", "o-1", "o-1");
        this.sender.sent().ofType("order.paid").areInSaveOrder();
        assertThatExceptionOfType(AssertionError.class)
                .isThrownBy(() -> this.sender.sent().withOrderingKey("c-1").areInSaveOrder())
                .withMessageContaining("but message 3 came after a later one");
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> this.sender.sent().hasKeys("o-1"))
                .withMessageContaining("the keys [o-1] in this order but they were [o-1, o-1, o-1]");
    }

    @Test
    void checksAConditionOfItsOwnNamingItOnFailure() {
        send(1, "order.created", "o-1", null, "orders");

        this.sender.sent().matching(sent -> sent.message().attempt() == 1, "on their first attempt").hasSize(1);
        assertThatExceptionOfType(AssertionError.class)
                .isThrownBy(() -> this.sender.sent().single().satisfies(sent -> sent.message().attempt() > 1, "a retry"))
                .withMessageStartingWith("Expected a retry");
    }

    private void send(long id, String type, String key, String orderingKey, String topic) {
        this.sender.send(new OutgoingMessage(id, key, type, topic, orderingKey, Map.of(), "{}", 1));
    }
}
