/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import dev.outbox.message.StoredMessage;
import org.jspecify.annotations.Nullable;

/**
 * How {@link Messages} and {@link MessageAssert} read the fields of the messages they check: a message sent
 * ({@link SentMessage}, with its headers as on the broker) or a message saved ({@link StoredMessage}, with the
 * headers of its row).
 *
 * @param <M> the kind of message
 */
record MessageShape<M>(String noun, ToLongFunction<M> id, Function<M, String> type, Function<M, String> key,
        Function<M, String> topic, Function<M, @Nullable String> orderingKey, Function<M, Map<String, String>> headers,
        Function<M, String> body, Function<M, String> details) {

    static final MessageShape<SentMessage> SENT = new MessageShape<>("sent message", sent -> sent.message().id(),
            sent -> sent.message().type(), sent -> sent.message().key(), sent -> sent.message().topic(),
            sent -> sent.message().orderingKey(), SentMessage::brokerHeaders, sent -> sent.message().body(),
            sent -> "attempt " + sent.message().attempt() + " through '" + sent.sender() + "'");

    static final MessageShape<StoredMessage> SAVED = new MessageShape<>("saved message", StoredMessage::id,
            StoredMessage::messageType, StoredMessage::messageKey, StoredMessage::topic, StoredMessage::orderingKey,
            StoredMessage::headers, StoredMessage::body,
            saved -> saved.state() + ", failed attempts: " + saved.retryCount());

    /**
     * @param message a message
     * @return a line that tells it apart in an assertion's message
     */
    String describe(M message) {
        String orderingKey = orderingKey().apply(message);
        return "#" + id().applyAsLong(message) + " type '" + type().apply(message) + "' key '" + key().apply(message)
                + "' topic '" + topic().apply(message) + "'"
                + ((orderingKey != null) ? " ordering key '" + orderingKey + "'" : "") + " (" + details().apply(message)
                + ")";
    }
}
