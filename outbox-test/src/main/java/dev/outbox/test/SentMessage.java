/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.util.Map;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.OutgoingMessage;

/**
 * One send that a {@link RecordingMessageSender} took.
 *
 * @param sender the name of the sender it went through: in a Spring Boot test the name of the application's
 * {@link dev.outbox.spi.MessageSender} bean that the recording stands in for, else
 * {@value RecordingMessageSender#DEFAULT_NAME}
 * @param message the message as the dispatcher handed it to the sender
 */
public record SentMessage(String sender, OutgoingMessage message) {

    /**
     * @return the headers the message has on a broker: its own, then the outbox's ({@link OutboxHeaders#ID},
     * {@link OutboxHeaders#TYPE}, {@link OutboxHeaders#KEY} and, with an ordering key,
     * {@link OutboxHeaders#ORDERING_KEY}), as the broker senders add them
     */
    public Map<String, String> brokerHeaders() {
        return OutboxHeaders.of(this.message);
    }
}
