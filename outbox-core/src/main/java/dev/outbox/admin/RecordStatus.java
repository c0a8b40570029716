/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

/**
 * What a broker holds of a message the outbox recorded as SENT.
 */
public enum RecordStatus {

    /** The broker holds the record the row names, and it carries the row's outbox id. */
    FOUND,

    /** The broker no longer holds (or never held) the record the row names: deleted, truncated, or lost. */
    MISSING,

    /** The broker holds a record where the row says, but it carries another outbox id or none. */
    MISMATCHED,

    /**
     * The row names no record this check can read: sent by another sender (another broker, a fallback handler)
     * or without a broker message id. Not a problem; nothing is known either way.
     */
    NOT_CHECKABLE
}
