/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

/**
 * Assertions on one message sent or saved, from {@link Messages#single()}. Each returns this, so that they chain;
 * each throws an {@link AssertionError} that shows what was expected, what was there and which message it was.
 *
 * <pre>{@code
 * kit.sent().ofType("order.created").single()
 *         .hasKey(orderId).hasTopic("orders").hasOrderingKey("c-42")
 *         .hasHeader(OutboxHeaders.KEY, orderId)
 *         .hasJsonBody("{\"id\": \"" + orderId + "\", \"quantity\": 2}");
 * }</pre>
 *
 * @param <M> the kind of message: {@link SentMessage} or {@link dev.outbox.message.StoredMessage}
 */
public final class MessageAssert<M> {

    private final M message;

    private final MessageShape<M> shape;

    MessageAssert(M message, MessageShape<M> shape) {
        this.message = message;
        this.shape = shape;
    }

    /**
     * @return the message, for checks of its own
     */
    public M value() {
        return this.message;
    }

    /**
     * @param type the expected message type
     * @return this
     */
    public MessageAssert<M> hasType(String type) {
        return hasField("type", this.shape.type(), type);
    }

    /**
     * @param key the expected business key
     * @return this
     */
    public MessageAssert<M> hasKey(String key) {
        return hasField("key", this.shape.key(), key);
    }

    /**
     * @param topic the expected topic: for a sent message where it went, after a route's {@code topic} replaced
     * the one it was saved with
     * @return this
     */
    public MessageAssert<M> hasTopic(String topic) {
        return hasField("topic", this.shape.topic(), topic);
    }

    /**
     * @param orderingKey the expected ordering key, or null for none
     * @return this
     */
    public MessageAssert<M> hasOrderingKey(@Nullable String orderingKey) {
        return hasField("ordering key", this.shape.orderingKey(), orderingKey);
    }

    /**
     * @param body the expected body, character for character
     * @return this
     */
    public MessageAssert<M> hasBody(String body) {
        return hasField("body", this.shape.body(), body);
    }

    /**
     * Compares the body as JSON: equal when it holds the same values as the expected JSON, whatever the spacing and
     * the order of object fields. Needs Jackson 3 on the test class path.
     *
     * @param json the expected body
     * @return this
     * @throws IllegalArgumentException when the expected JSON is no JSON
     * @throws IllegalStateException when Jackson 3 is not on the class path
     */
    public MessageAssert<M> hasJsonBody(String json) {
        Objects.requireNonNull(json, "json");
        String body = this.shape.body().apply(this.message);
        if (!JsonBodies.same(json, body)) {
            throw failure("a JSON body equal to " + json, "body " + body);
        }
        return this;
    }

    /**
     * Checks one header: of a sent message as it is on the broker, with the outbox's own headers
     * ({@link dev.outbox.sender.OutboxHeaders}); of a saved message as its row holds it.
     *
     * @param name the header's name
     * @param value its expected value
     * @return this
     */
    public MessageAssert<M> hasHeader(String name, String value) {
        Map<String, String> headers = this.shape.headers().apply(this.message);
        if (!value.equals(headers.get(name))) {
            throw failure("header " + name + "=" + value, "headers " + headers);
        }
        return this;
    }

    /**
     * @param name a header that the message must not have (see {@link #hasHeader} for which headers count)
     * @return this
     */
    public MessageAssert<M> hasNoHeader(String name) {
        Map<String, String> headers = this.shape.headers().apply(this.message);
        if (headers.containsKey(name)) {
            throw failure("no header " + name, "headers " + headers);
        }
        return this;
    }

    /**
     * @param condition what the message must satisfy
     * @param description what the condition expects, for the failure's message
     * @return this
     */
    public MessageAssert<M> satisfies(Predicate<? super M> condition, String description) {
        if (!condition.test(this.message)) {
            throw failure(description, String.valueOf(this.message));
        }
        return this;
    }

    private MessageAssert<M> hasField(String field, Function<M, @Nullable String> reader, @Nullable String expected) {
        String actual = reader.apply(this.message);
        if (!Objects.equals(expected, actual)) {
            throw failure(field + " " + quoted(expected), field + " " + quoted(actual));
        }
        return this;
    }

    private AssertionError failure(String expected, String actual) {
        return new AssertionError("Expected " + expected + " on " + this.shape.noun() + " "
                + this.shape.describe(this.message) + "\n  but it has " + actual);
    }

    private static String quoted(@Nullable String value) {
        return (value == null) ? "none" : "'" + value + "'";
    }
}
