/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import dev.outbox.route.RouteSwitchMode;
import org.jspecify.annotations.Nullable;

/**
 * What a switch of a message type did.
 *
 * @param outcome DONE, ALREADY_DONE when the type was switched so already, or REFUSED (the type cannot be switched
 * so; nothing was written)
 * @param messageType the message type
 * @param mode where its messages go now: the mode it is switched to, or null when it goes to its broker
 * @param message what happened, for people
 */
public record RouteSwitchResult(Outcome outcome, String messageType, @Nullable RouteSwitchMode mode, String message) {

    /**
     * @return whether this call changed the switch
     */
    public boolean changed() {
        return this.outcome == Outcome.DONE;
    }
}
