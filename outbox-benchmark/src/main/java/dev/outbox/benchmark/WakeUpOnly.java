/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.outbox.dispatch.Dispatcher;
import dev.outbox.internal.handoff.HandedOffMessage;
import dev.outbox.internal.handoff.Handoffs;
import dev.outbox.internal.handoff.MessageHandoff;
import org.jspecify.annotations.Nullable;

/**
 * Turns the hand-off into a plain wake-up, to measure what the hand-off saves: messages are saved
 * due for any instance, and a commit only asks the dispatcher to claim now.
 */
final class WakeUpOnly implements MessageHandoff {

    private final MessageHandoff dispatcherHandoff;

    WakeUpOnly(Dispatcher dispatcher) {
        this.dispatcherHandoff = Handoffs.of(dispatcher);
    }

    @Override
    public boolean accepting(@Nullable String topic) {
        return false;
    }

    @Override
    public Duration lease() {
        return this.dispatcherHandoff.lease();
    }

    @Override
    public void handOff(List<HandedOffMessage> messages) {
        throw new IllegalStateException("a wake-up-only dispatcher takes no hand-offs");
    }

    @Override
    public void claimDueAt(Instant dueAt) {
        this.dispatcherHandoff.claimDueAt(dueAt);
    }
}
