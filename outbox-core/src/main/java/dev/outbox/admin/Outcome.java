/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

/**
 * How an operator's change ended. Changes are idempotent: a second identical call (a double click) finds
 * the work done and changes nothing.
 */
public enum Outcome {

    /** This call made the change. */
    DONE,

    /** Nothing needed doing: the message was already in the state asked for (or no message needed it). */
    ALREADY_DONE,

    /** Refused: the message is in a state from which the change is not allowed. Nothing was written. */
    REFUSED,

    /** No message has that id (never saved, or deleted by the cleanup). */
    NOT_FOUND
}
