/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Requests that are safe to retry: {@link dev.outbox.idempotency.IdempotencyKeys} claims a request's idempotency
 * key in the caller's transaction, so that the request's work runs once per key, and keeps the first response for
 * every retry.
 */
@NullMarked
package dev.outbox.idempotency;

import org.jspecify.annotations.NullMarked;
