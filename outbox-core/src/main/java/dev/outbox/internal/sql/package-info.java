/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The names of SQL objects: the store's table names and the check of plain SQL identifiers, shared by the
 * store's configuration and the JDBC code. Not API: it may change in any release.
 */
@NullMarked
package dev.outbox.internal.sql;

import org.jspecify.annotations.NullMarked;

