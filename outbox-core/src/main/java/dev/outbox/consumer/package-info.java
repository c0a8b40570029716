/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Helpers for consumers of outbox messages: {@link dev.outbox.consumer.StaleUpdateGuard} applies an
 * update to the consumer's own table only if it is newer than what is stored.
 */
@NullMarked
package dev.outbox.consumer;

import org.jspecify.annotations.NullMarked;
