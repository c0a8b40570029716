/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Retention: {@link dev.outbox.cleanup.OutboxCleaner} deletes messages that reached a final state
 * longer ago than the retention, optionally archiving them, and the inbox keys older than theirs, a
 * small batch per short transaction so that writers never wait for it.
 */
@NullMarked
package dev.outbox.cleanup;

import org.jspecify.annotations.NullMarked;
