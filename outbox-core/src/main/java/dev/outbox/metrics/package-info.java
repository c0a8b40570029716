/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Metrics hooks and their Micrometer implementation, and the backlog gauges.
 */
@NullMarked
package dev.outbox.metrics;

import org.jspecify.annotations.NullMarked;
