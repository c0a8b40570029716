/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import org.springframework.test.context.TestPropertySource;

/**
 * The order flow on the sample's default profile, embedded H2, through the test kit. Its H2 database is its own:
 * the dispatcher of another test's cached context on the sample's database would deliver what this test drains.
 */
@TestPropertySource(properties = "spring.datasource.url=jdbc:h2:mem:drained-order-flow;DB_CLOSE_DELAY=-1")
class H2OrderFlowTest extends DrainedOrderFlowContract {
}
