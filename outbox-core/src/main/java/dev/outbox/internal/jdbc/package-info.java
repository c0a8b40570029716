/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Storage: the outbox, inbox and archive tables, their SQL per database, and the repositories that
 * run it on an {@link dev.outbox.store.OutboxStore}'s {@link dev.outbox.internal.jdbc.JdbcStore}. Not API:
 * public only because Java has no friend packages; applications must not use it, and it may change
 * in any release. Applications reach storage through {@code OutboxStore} alone.
 */
@NullMarked
package dev.outbox.internal.jdbc;

import org.jspecify.annotations.NullMarked;

