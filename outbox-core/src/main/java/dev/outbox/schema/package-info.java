/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The Flyway migrations of the outbox and inbox tables, applied with a history table of their own.
 */
@NullMarked
package dev.outbox.schema;

import org.jspecify.annotations.NullMarked;
