/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.nio.charset.StandardCharsets;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.OutgoingMessage;
import org.springframework.messaging.MessageHeaders;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.util.MimeTypeUtils;

/**
 * An outbox message as a Spring message: the body's UTF-8 bytes, which binders pass on unconverted, with the headers
 * of {@link OutboxHeaders#of} (the message's own, its trace context among them, then the outbox's) and content type
 * {@code application/json} unless the message has one of its own.
 */
final class SpringMessages {

    private static final String MESSAGE_ID_PREFIX = "outbox-";

    private SpringMessages() {
    }

    /**
     * @param message the outbox message
     * @return a builder of its Spring message, to which a binding may add the headers its binder reads
     */
    static MessageBuilder<byte[]> of(OutgoingMessage message) {
        return MessageBuilder.withPayload(message.body().getBytes(StandardCharsets.UTF_8))
                .copyHeaders(OutboxHeaders.of(message))
                .setHeaderIfAbsent(MessageHeaders.CONTENT_TYPE, MimeTypeUtils.APPLICATION_JSON_VALUE);
    }

    /**
     * @param message the outbox message
     * @return the id recorded for it where the broker gives none of its own: {@code outbox-<outbox id>}
     */
    static String outboxMessageId(OutgoingMessage message) {
        return MESSAGE_ID_PREFIX + message.id();
    }

    /**
     * @param message the outbox message
     * @return the key that keeps its ordering key's messages together: the ordering key, else the message key
     */
    static String partitionKey(OutgoingMessage message) {
        return (message.orderingKey() != null) ? message.orderingKey() : message.key();
    }
}
