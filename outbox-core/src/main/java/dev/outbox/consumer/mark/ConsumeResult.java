/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.mark;

/**
 * What {@link ConsumedMarker#markConsumed(String, String)} did with a message.
 */
public enum ConsumeResult {

    /** The message was PENDING, SENT or FAILED and is now CONSUMED: it will not be sent (again). */
    CONSUMED,

    /** The message was already CONSUMED; nothing was written. */
    ALREADY_CONSUMED,

    /**
     * Refused: an operator suspended the message, and only an operator decides what becomes of it.
     * Nothing was written.
     */
    SUSPENDED,

    /** No message of that type and key exists (never saved, or already deleted by the cleanup). */
    NOT_FOUND;

    /**
     * @return whether the message is CONSUMED now, by this call or an earlier one
     */
    public boolean isConsumed() {
        return this == CONSUMED || this == ALREADY_CONSUMED;
    }
}
