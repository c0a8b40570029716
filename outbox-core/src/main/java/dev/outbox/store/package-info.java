/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Where the outbox keeps its rows: {@link dev.outbox.store.OutboxStore}, a data source with its
 * {@link dev.outbox.store.DatabaseType} and table names, from which every part of the outbox is built, and the
 * {@link dev.outbox.store.ClaimStrategy} that claims its rows. The package depends on the settings only.
 */
@NullMarked
package dev.outbox.store;

import org.jspecify.annotations.NullMarked;

