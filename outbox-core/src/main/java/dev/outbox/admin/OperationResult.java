/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import dev.outbox.message.MessageState;
import org.jspecify.annotations.Nullable;

/**
 * What an operator's change of one message did, in a sentence for people and an outcome for programs.
 *
 * @param outcome whether the change was made, had been made before, was refused or found no message
 * @param messageId the message's id
 * @param state the message's state after the call, or null when it does not exist
 * @param message what happened and why, in a sentence
 */
public record OperationResult(Outcome outcome, long messageId, @Nullable MessageState state, String message) {

    /**
     * @return whether this call changed the message
     */
    public boolean changed() {
        return this.outcome == Outcome.DONE;
    }
}
