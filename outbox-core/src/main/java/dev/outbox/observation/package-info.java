/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Micrometer observations of saves, sends and consumptions, through which a trace continues from the
 * transaction that saved a message to the consumer that handles it. {@link dev.outbox.observation.OutboxObservations}
 * holds the registry and the conventions; without a registry nothing is observed and nothing is added to a
 * message.
 */
@NullMarked
package dev.outbox.observation;

import org.jspecify.annotations.NullMarked;
