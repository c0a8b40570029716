/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Storage: the outbox table, its SQL per database and the repository that runs it. Public for the starter's wiring, not an API for applications.
 */
@NullMarked
package dev.outbox.jdbc;

import org.jspecify.annotations.NullMarked;
