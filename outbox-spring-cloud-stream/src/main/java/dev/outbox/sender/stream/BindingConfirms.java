/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

import dev.outbox.spi.OutgoingMessage;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;

/**
 * How one binding reports the broker's confirmation of a message: what it adds to the message for its binder, and
 * where the answer comes from.
 */
interface BindingConfirms {

    /**
     * Sends a message through the binding.
     *
     * @param message the outbox message
     * @param spring its Spring message, to which the binder's headers are added
     * @param binding hands the message to the binding; throws when the binding did not take it
     * @return a stage completed with the id the broker's confirmation gives, or failed with why there is none
     */
    CompletionStage<String> send(OutgoingMessage message, MessageBuilder<byte[]> spring,
            Consumer<Message<byte[]>> binding);
}
