/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

/**
 * The order flow on the sample's default profile: embedded H2 and the logging sender.
 */
class H2OrderFlowTest extends OrderFlowContract {
}
