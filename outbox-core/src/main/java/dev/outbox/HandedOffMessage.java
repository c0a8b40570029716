/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Instant;

import dev.outbox.internal.jdbc.ClaimedMessage;

/**
 * A message its writer saved already leased to this instance, handed to the dispatcher after the
 * commit so that it is sent without a claim round trip.
 *
 * @param message the row as inserted (lock version 0)
 * @param leaseUntil when the row becomes due for other instances if it is not sent
 */
record HandedOffMessage(ClaimedMessage message, Instant leaseUntil) {
}
