/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Puts another hand-off in a dispatcher's place for the contract tests of other packages; the hand-off
 * itself is package-private.
 */
public final class TemplateHandoffs {

    private TemplateHandoffs() {
    }

    /**
     * @param template a template's builder
     * @param lease how long the dying instance leases what it is handed
     * @return the builder, handing each commit to an instance that accepts it and dies before sending it
     */
    public static OutboxTemplate.Builder toAnInstanceThatDies(OutboxTemplate.Builder template, Duration lease) {
        return template.handoffTo(new MessageHandoff() {
            @Override
            public boolean accepting(@Nullable String topic) {
                return true;
            }

            @Override
            public Duration lease() {
                return lease;
            }

            @Override
            public void handOff(List<HandedOffMessage> messages) {
                // The process dies here: the messages were committed but never sent.
            }

            @Override
            public void claimDueAt(Instant dueAt) {
            }
        });
    }
}
