/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The values that describe a saved message: its {@link dev.outbox.message.MessageState}, the stored
 * message and its summary, the result of a save and the error of an invalid message. Every other package
 * may use them; they use none of the outbox's other packages.
 */
@NullMarked
package dev.outbox.message;

import org.jspecify.annotations.NullMarked;

