/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The outbox's entry points for producers: {@link dev.outbox.OutboxTemplate} saves messages inside the
 * caller's transaction, and {@link dev.outbox.Dispatcher}, routed by {@link dev.outbox.MessageRoutes}, claims
 * due messages, sends them and records the outcome. The template hands what it committed to its dispatcher
 * directly, inside this package; the dispatcher's loop, batches and hand-off queue are package-private.
 */
@NullMarked
package dev.outbox;

import org.jspecify.annotations.NullMarked;

