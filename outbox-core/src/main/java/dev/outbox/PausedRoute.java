/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Instant;

/**
 * A sender's route that a dispatcher paused because its broker was unreachable: its messages wait,
 * spending no attempts, while one probe message at a time tests the broker.
 *
 * @param route the route's name: {@code default} for the default sender, else its message types, comma-separated
 * @param pausedAt when a send found the broker unreachable
 * @param reason the first line of that send's error
 * @param probes how many probe messages have failed since
 * @param nextProbeAt when the next probe message is sent
 */
public record PausedRoute(String route, Instant pausedAt, String reason, int probes, Instant nextProbeAt) {
}
