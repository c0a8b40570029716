/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Retry schedules: exponential back-off with jitter and a cap, per message type.
 */
@NullMarked
package dev.outbox.retry;

import org.jspecify.annotations.NullMarked;
