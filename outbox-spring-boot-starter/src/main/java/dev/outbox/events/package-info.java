/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Spring application events saved to the outbox: an event published with
 * {@link org.springframework.context.ApplicationEventPublisher} inside a transaction is saved in that
 * transaction when its class implements {@link dev.outbox.events.OutboxEvent} or an
 * {@link dev.outbox.events.OutboxEventRouter} bean selects it.
 */
@NullMarked
package dev.outbox.events;

import org.jspecify.annotations.NullMarked;
