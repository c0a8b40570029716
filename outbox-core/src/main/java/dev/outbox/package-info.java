/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The outbox API: {@link dev.outbox.OutboxTemplate} saves messages inside the caller's transaction, and marks
 * them consumed for consumers that share its database.
 */
@NullMarked
package dev.outbox;

import org.jspecify.annotations.NullMarked;
