/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Operating the outbox: {@link dev.outbox.admin.OutboxAdmin} counts messages by state, measures how late the
 * oldest due message is, lists and shows messages, and re-drives, suspends, resumes or skips them. Each change
 * is idempotent and says what it did in an {@link dev.outbox.admin.OperationResult}.
 */
@NullMarked
package dev.outbox.admin;

import org.jspecify.annotations.NullMarked;
