/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Senders that need no broker library, and the {@link dev.outbox.sender.OutboxHeaders} that every
 * broker sender puts on its messages.
 */
@NullMarked
package dev.outbox.sender;

import org.jspecify.annotations.NullMarked;
