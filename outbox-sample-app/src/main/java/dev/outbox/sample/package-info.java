/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The sample order service: an order and its outbox message in one transaction.
 */
@NullMarked
package dev.outbox.sample;

import org.jspecify.annotations.NullMarked;
