/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

import dev.outbox.spi.OutgoingMessage;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;

/**
 * A binding of a binder that reports no confirmation this sender can read, which the application accepted
 * ({@code outbox.stream.sent-on-handoff}): a message counts as sent once the binder took it without an error, and
 * records {@code outbox-<outbox id>}. That is the broker's confirmation only where the binder sends synchronously and
 * throws when the broker refuses.
 */
final class HandoffConfirms implements BindingConfirms {

    static final HandoffConfirms INSTANCE = new HandoffConfirms();

    private HandoffConfirms() {
    }

    @Override
    public CompletionStage<String> send(OutgoingMessage message, MessageBuilder<byte[]> spring,
            Consumer<Message<byte[]>> binding) {
        binding.accept(spring.build());
        return CompletableFuture.completedFuture(SpringMessages.outboxMessageId(message));
    }
}
