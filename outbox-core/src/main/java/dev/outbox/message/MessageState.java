/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.message;

/**
 * The life cycle of an outbox row.
 */
public enum MessageState {

    /** Saved and waiting to be sent, or waiting for its next retry. */
    PENDING,

    /** The broker acknowledged the message. */
    SENT,

    /** The retry budget is spent; the message waits for an operator or the slow retry. */
    FAILED,

    /** A consumer confirmed it processed the message. */
    CONSUMED,

    /** Parked by an operator: never picked up until resumed. */
    SUSPENDED
}
