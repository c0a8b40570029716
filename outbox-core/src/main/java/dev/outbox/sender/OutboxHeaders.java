/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.outbox.spi.OutgoingMessage;

/**
 * The headers that broker senders put on every message, so that a consumer can drop duplicates by
 * outbox id and tell messages apart by type and business key without parsing the body; on a message with an
 * ordering key that key too, and on a sequenced one its number within the key, with which
 * {@code Inbox.consumeInOrder} runs a key's messages in order, and on the marker of a skipped one
 * {@link #SKIPPED}. It also names the headers that the dispatcher adds to a dead letter
 * ({@link dev.outbox.MessageRoutes.Builder#deadLetters}). Their names start with {@code outbox-}, which an
 * application's headers cannot ({@code MessageBuilder.header} refuses them), so a consumer can trust them.
 */
public final class OutboxHeaders {

    /** The outbox row id: stable across retries, so a consumer may drop duplicates by it. */
    public static final String ID = "outbox-id";

    /** The message type. */
    public static final String TYPE = "outbox-type";

    /** The business idempotency key. */
    public static final String KEY = "outbox-key";

    /** The ordering key, on a message that has one. */
    public static final String ORDERING_KEY = "outbox-ordering-key";

    /**
     * The number of a sequenced message within its ordering key ({@code MessageBuilder.sequenced()}): 1 for the
     * key's first, then one more for each committed message, with no gaps. Saved with the message's headers.
     */
    public static final String SEQUENCE = "outbox-sequence";

    /**
     * On the marker that an operator's skip of a sequenced message sends in the message's place
     * ({@code OutboxAdmin.skip}): the id of the skipped message, which is kept, SUSPENDED, for a later resume. The
     * marker has the skipped message's {@link #SEQUENCE} and ordering key, and a body that is no payload
     * ({@code outbox-skipped}); {@code Inbox.consumeInOrder} records its number as passed without running the logic.
     * Any other consumer of a sequenced message's topic must drop a message with this header.
     */
    public static final String SKIPPED = "outbox-skipped";

    /**
     * On a dead letter: the first line of the reason its message went FAILED, the error's class and message. A
     * dead letter carries the message's own headers, id, type and key too, and its body.
     */
    public static final String DEAD_LETTER_REASON = "outbox-dead-letter-reason";

    /** On a dead letter: the topic (or RabbitMQ exchange) its message was sent to. */
    public static final String ORIGINAL_TOPIC = "outbox-original-topic";

    /** On a dead letter: how many attempts to deliver its message failed. */
    public static final String ATTEMPTS = "outbox-attempts";

    private OutboxHeaders() {
    }

    /**
     * The headers of a message on the broker: the row's own headers (a sequenced message's {@link #SEQUENCE}
     * among them), then the outbox's, which win over a row header of the same name.
     *
     * @param message the message being sent
     * @return its headers, in that order
     */
    public static Map<String, String> of(OutgoingMessage message) {
        Map<String, String> headers = new LinkedHashMap<>(message.headers());
        headers.put(ID, Long.toString(message.id()));
        headers.put(TYPE, message.type());
        headers.put(KEY, message.key());
        if (message.orderingKey() != null) {
            headers.put(ORDERING_KEY, message.orderingKey());
        }
        return headers;
    }
}
