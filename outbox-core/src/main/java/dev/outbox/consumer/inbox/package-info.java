/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The idempotent consumer: {@link dev.outbox.consumer.inbox.Inbox} runs a consumer's business logic
 * at most once per idempotency key and consumer group, inside the consumer's transaction.
 */
@NullMarked
package dev.outbox.consumer.inbox;

import org.jspecify.annotations.NullMarked;
