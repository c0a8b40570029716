/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;

/**
 * A binding whose settings give no broker confirmation that the sender can read: nothing is sent, and each message
 * fails with the reason, which names the settings to change. Its attempts are spent as for any failure of its own,
 * so that the messages go out by themselves once the settings are fixed and the application restarted, within
 * their retry budget.
 *
 * @param reason what is missing, and how to fix it
 */
record RefusedBinding(String reason) implements BindingConfirms {

    @Override
    public CompletionStage<String> send(OutgoingMessage message, MessageBuilder<byte[]> spring,
            Consumer<Message<byte[]>> binding) {
        return CompletableFuture.failedFuture(new StreamDeliveryException(this.reason, SendFailure.MESSAGE));
    }
}
