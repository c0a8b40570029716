/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import dev.outbox.message.StoredMessage;
import org.jspecify.annotations.Nullable;

/**
 * The messages sent or saved when it was taken, in order (sent: as the sender was given them; saved: by id, which
 * is the order they were saved in), to narrow down and assert on. Narrowing returns new {@code Messages}; an
 * assertion returns this, so that they chain, or throws an {@link AssertionError} that lists the messages it
 * looked at.
 *
 * <pre>{@code
 * kit.sent().withOrderingKey("c-42").hasKeys("o-1", "o-2").areInSaveOrder();
 * kit.saved(MessageState.FAILED).ofType("order.created").hasSize(1);
 * }</pre>
 *
 * @param <M> the kind of message: {@link SentMessage} or {@link StoredMessage}
 */
public final class Messages<M> {

    private final String description;

    private final List<M> messages;

    private final MessageShape<M> shape;

    private Messages(String description, List<M> messages, MessageShape<M> shape) {
        this.description = description;
        this.messages = List.copyOf(messages);
        this.shape = shape;
    }

    static Messages<SentMessage> sent(String description, List<SentMessage> messages) {
        return new Messages<>(description, messages, MessageShape.SENT);
    }

    static Messages<StoredMessage> saved(String description, List<StoredMessage> messages) {
        return new Messages<>(description, messages, MessageShape.SAVED);
    }

    /**
     * @param type a message type
     * @return the messages of that type
     */
    public Messages<M> ofType(String type) {
        return having("type", this.shape.type(), type);
    }

    /**
     * @param key a business key
     * @return the messages with that key
     */
    public Messages<M> withKey(String key) {
        return having("key", this.shape.key(), key);
    }

    /**
     * @param orderingKey an ordering key
     * @return the messages with that ordering key
     */
    public Messages<M> withOrderingKey(String orderingKey) {
        return having("ordering key", this.shape.orderingKey(), orderingKey);
    }

    /**
     * @param topic a topic
     * @return the messages to that topic
     */
    public Messages<M> toTopic(String topic) {
        return having("topic", this.shape.topic(), topic);
    }

    /**
     * @param condition which messages to keep
     * @param description what the condition keeps, for the message of a failed assertion
     * @return the messages that satisfy the condition
     */
    public Messages<M> matching(Predicate<? super M> condition, String description) {
        return new Messages<>(this.description + " " + description,
                this.messages.stream().filter(condition).toList(), this.shape);
    }

    /**
     * @return the messages, in order
     */
    public List<M> list() {
        return this.messages;
    }

    /**
     * @return how many messages there are
     */
    public int size() {
        return this.messages.size();
    }

    /**
     * @return the business keys of the messages, in order
     */
    public List<String> keys() {
        return this.messages.stream().map(this.shape.key()).toList();
    }

    /**
     * @param expected how many messages there must be
     * @return this
     */
    public Messages<M> hasSize(int expected) {
        if (this.messages.size() != expected) {
            String was = (this.messages.size() == 1) ? "was" : "were";
            throw failure(expected + " " + plural(expected) + " but there " + was + " " + this.messages.size());
        }
        return this;
    }

    /**
     * @return this, when there is no message
     */
    public Messages<M> isEmpty() {
        return hasSize(0);
    }

    /**
     * @param keys the business keys the messages must have: exactly these, in this order
     * @return this
     */
    public Messages<M> hasKeys(String... keys) {
        List<String> expected = Arrays.asList(keys);
        if (!keys().equals(expected)) {
            throw failure("the keys " + expected + " in this order but they were " + keys());
        }
        return this;
    }

    /**
     * Checks that the messages come in the order they were saved in (by increasing outbox id), as the outbox sends
     * the messages of one ordering key.
     *
     * @return this
     */
    public Messages<M> areInSaveOrder() {
        for (int i = 1; i < this.messages.size(); i++) {
            long previous = this.shape.id().applyAsLong(this.messages.get(i - 1));
            if (previous >= this.shape.id().applyAsLong(this.messages.get(i))) {
                throw failure("them in the order they were saved in (by increasing outbox id) but message " + (i + 1)
                        + " came after a later one");
            }
        }
        return this;
    }

    /**
     * @return assertions on the one message there is
     * @throws AssertionError when there is none or more than one
     */
    public MessageAssert<M> single() {
        hasSize(1);
        return new MessageAssert<>(this.messages.get(0), this.shape);
    }

    private Messages<M> having(String field, Function<M, @Nullable String> reader, String value) {
        Objects.requireNonNull(value, field);
        return matching(message -> value.equals(reader.apply(message)), "with " + field + " '" + value + "'");
    }

    private String plural(int count) {
        return this.shape.noun() + ((count == 1) ? "" : "s");
    }

    private AssertionError failure(String expectation) {
        String listed = this.messages.isEmpty() ? "  (none)"
                : this.messages.stream().map(message -> "  " + this.shape.describe(message))
                        .collect(Collectors.joining("\n"));
        return new AssertionError("Expected " + expectation + " among the " + this.description + ":\n" + listed);
    }

    @Override
    public String toString() {
        return this.description + " " + this.messages.stream().map(this.shape::describe).toList();
    }
}
