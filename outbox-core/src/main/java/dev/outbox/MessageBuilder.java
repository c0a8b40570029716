/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.outbox.internal.MessageValidator;
import dev.outbox.message.InvalidMessageException;
import dev.outbox.message.SaveResult;
import org.jspecify.annotations.Nullable;

/**
 * A message being put together for {@link OutboxTemplate}. Key, topic and payload are required;
 * a header is checked when it is added, everything when {@link #save()} is called.
 *
 * <pre>{@code
 * outbox.message("order.created")
 *       .key(order.id())
 *       .topic("orders")
 *       .payload(order)
 *       .orderingKey(order.customerId())
 *       .header("tenant", tenant)
 *       .save();
 * }</pre>
 */
public final class MessageBuilder {

    private final OutboxTemplate template;

    private final @Nullable String type;

    private @Nullable String key;

    private @Nullable String topic;

    private @Nullable Object payload;

    private @Nullable String orderingKey;

    private final Map<String, String> headers = new LinkedHashMap<>();

    private @Nullable Duration delay;

    private @Nullable Instant deliverAt;

    private boolean sequenced;

    MessageBuilder(OutboxTemplate template, @Nullable String type) {
        this.template = template;
        this.type = type;
    }

    /**
     * @param key the business idempotency key: a second message with the same key and type is a
     * no-op; at most 128 characters
     * @return this builder
     */
    public MessageBuilder key(String key) {
        this.key = key;
        return this;
    }

    /**
     * @param topic the destination on the broker; at most 255 characters
     * @return this builder
     */
    public MessageBuilder topic(String topic) {
        this.topic = topic;
        return this;
    }

    /**
     * @param payload a String, stored as it is, or an object for the configured serializer
     * @return this builder
     */
    public MessageBuilder payload(Object payload) {
        this.payload = payload;
        return this;
    }

    /**
     * @param orderingKey messages with the same ordering key are delivered in the order of their ids
     * among the committed messages of the key: a message saved after another one's transaction
     * committed is delivered after it; two transactions of one key that commit concurrently may go in
     * either order. A message is not sent while an earlier one of its key is unsent, so a failed one
     * (FAILED or SUSPENDED, until an operator acts) holds back the later ones; at most 128 characters
     * @return this builder
     */
    public MessageBuilder orderingKey(String orderingKey) {
        this.orderingKey = orderingKey;
        return this;
    }

    /**
     * Numbers the message within its ordering key, which it then requires: the save takes the key's next number
     * in the caller's transaction and stores it in the header {@value dev.outbox.sender.OutboxHeaders#SEQUENCE},
     * which broker senders carry with the ordering key ({@value dev.outbox.sender.OutboxHeaders#ORDERING_KEY}), so
     * that {@code Inbox.consumeInOrder} can run the key's messages in that order, none skipped. The committed
     * messages of a key are numbered 1, 2, 3, ... with no gap: a rolled-back save gives its number back, and a
     * duplicate takes none. Taking a number locks the key's counter until the transaction ends, so the saves of
     * one key wait for each other (not those of other keys); a transaction that saves sequenced messages of
     * several keys should take them in a fixed order, as with any row locks.
     *
     * @return this builder
     */
    public MessageBuilder sequenced() {
        this.sequenced = true;
        return this;
    }

    /**
     * @param name a header name: not blank, no control character, and not starting with {@code outbox-} (in any
     * case), which the outbox's own headers take ({@link dev.outbox.sender.OutboxHeaders})
     * @param value its value: any text without control characters but tabs and line breaks
     * @return this builder
     * @throws InvalidMessageException naming the header when it is refused
     */
    public MessageBuilder header(String name, String value) {
        MessageValidator.requireHeader(name, value);
        this.headers.put(name, value);
        return this;
    }

    /**
     * @param headers headers to add, each as {@link #header} takes it
     * @return this builder
     * @throws InvalidMessageException naming the first header that is refused
     */
    public MessageBuilder headers(Map<String, String> headers) {
        headers.forEach(this::header);
        return this;
    }

    /**
     * @param delay how long after the save the message becomes due; replaces a {@link #deliverAt}
     * @return this builder
     */
    public MessageBuilder delay(Duration delay) {
        if (delay.isNegative()) {
            throw new InvalidMessageException("delay", "must not be negative, was " + delay);
        }
        this.delay = delay;
        this.deliverAt = null;
        return this;
    }

    /**
     * @param deliverAt when the message becomes due (a past instant means now); replaces a {@link #delay}
     * @return this builder
     */
    public MessageBuilder deliverAt(Instant deliverAt) {
        this.deliverAt = deliverAt;
        this.delay = null;
        return this;
    }

    /**
     * Saves the message in the current transaction.
     *
     * @return the message's id, and whether it was a duplicate of one saved before
     * @throws InvalidMessageException when a field is missing, too long or not serializable
     * @throws org.springframework.transaction.IllegalTransactionStateException when no transaction
     * on the outbox's data source is active
     */
    public SaveResult save() {
        return this.template.save(this);
    }

    @Nullable String type() {
        return this.type;
    }

    @Nullable String key() {
        return this.key;
    }

    @Nullable String topic() {
        return this.topic;
    }

    @Nullable Object payload() {
        return this.payload;
    }

    @Nullable String orderingKey() {
        return this.orderingKey;
    }

    Map<String, String> headers() {
        return this.headers;
    }

    boolean isSequenced() {
        return this.sequenced;
    }

    Instant dueAt(Instant now) {
        if (this.delay != null) {
            return now.plus(this.delay);
        }
        return (this.deliverAt != null && this.deliverAt.isAfter(now)) ? this.deliverAt : now;
    }
}
