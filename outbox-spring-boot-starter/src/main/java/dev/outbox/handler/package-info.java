/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Local handlers declared on bean methods: the database as a queue.
 */
@NullMarked
package dev.outbox.handler;

import org.jspecify.annotations.NullMarked;
