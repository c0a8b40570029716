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
 * How the template tells the local dispatcher about messages its transactions committed, so that
 * delivery starts within milliseconds instead of at the next poll. Implemented inside
 * {@link Dispatcher}; package-private, so that neither end of the hand-off is API.
 */
interface MessageHandoff {

    /**
     * @param topic the topic of a message about to be saved
     * @return whether the dispatcher runs and takes hand-offs of messages to that topic (it does not
     * take those of pulled topics); when it does not, the message is saved due at once for any
     * instance or consumer, not leased to this one
     */
    boolean accepting(@Nullable String topic);

    /**
     * @return how long a handed-off row stays leased to this instance after it was saved
     */
    Duration lease();

    /**
     * Called after a commit with the messages it saved that are due now. Those with an ordering key
     * are sent only if nothing earlier of their key is unsent; otherwise they lose their lease and are
     * claimed the usual way.
     *
     * @param messages the committed messages, leased to this instance
     */
    void handOff(List<HandedOffMessage> messages);

    /**
     * Called after a commit that saved messages which must be claimed the usual way (delayed ones).
     *
     * @param dueAt the earliest time one of them is due
     */
    void claimDueAt(Instant dueAt);
}
