/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Micrometer Tracing for the outbox's observations: the trace of the transaction that saved a message
 * continues through its send to the broker's consumers, and through local handlers, pull consumers and the
 * inbox.
 */
@NullMarked
package dev.outbox.tracing;

import org.jspecify.annotations.NullMarked;
