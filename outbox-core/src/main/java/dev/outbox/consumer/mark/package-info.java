/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Marking a message consumed: {@link dev.outbox.consumer.mark.ConsumedMarker} records that a consumer
 * sharing the outbox's database processed a message, so that it is never sent (again).
 */
@NullMarked
package dev.outbox.consumer.mark;

import org.jspecify.annotations.NullMarked;
