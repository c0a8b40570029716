/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Applying only newer data: {@link dev.outbox.consumer.guard.StaleUpdateGuard} applies an update to
 * the consumer's own table only if it is newer than what is stored.
 */
@NullMarked
package dev.outbox.consumer.guard;

import org.jspecify.annotations.NullMarked;
