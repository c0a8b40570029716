/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Requests that are safe to retry, in Spring MVC: {@link dev.outbox.web.IdempotentRequest} on a handler method
 * makes its writes run once per {@code Idempotency-Key} header, and answers a retry with the first response.
 */
@NullMarked
package dev.outbox.web;

import org.jspecify.annotations.NullMarked;
