/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The operator console: a page over the {@code outbox} actuator endpoint, served only when enabled.
 */
@NullMarked
package dev.outbox.console;

import org.jspecify.annotations.NullMarked;
