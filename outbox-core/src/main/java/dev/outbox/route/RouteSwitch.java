/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.route;

import java.time.Instant;

/**
 * A message type that an operator switched away from its broker, as the outbox's switch table holds it.
 *
 * @param messageType the message type
 * @param mode where its messages go while it is switched
 * @param switchedAt when it was switched
 */
public record RouteSwitch(String messageType, RouteSwitchMode mode, Instant switchedAt) {
}
