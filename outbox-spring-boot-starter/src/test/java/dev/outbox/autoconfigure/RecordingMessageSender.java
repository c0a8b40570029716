/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;

/**
 * A sender that confirms every message at once with the id {@code test-<outbox id>} and remembers it.
 */
final class RecordingMessageSender implements MessageSender {

    private final List<OutgoingMessage> received = new CopyOnWriteArrayList<>();

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        this.received.add(message);
        return CompletableFuture.completedFuture("test-" + message.id());
    }

    List<OutgoingMessage> received() {
        return this.received;
    }
}
