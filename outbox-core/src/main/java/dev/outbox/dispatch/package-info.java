/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The dispatcher: claims due messages, sends them through the routed sender and records the outcome. {@link dev.outbox.dispatch.Dispatcher} and its settings are public; the loop itself is internal.
 */
@NullMarked
package dev.outbox.dispatch;

import org.jspecify.annotations.NullMarked;
