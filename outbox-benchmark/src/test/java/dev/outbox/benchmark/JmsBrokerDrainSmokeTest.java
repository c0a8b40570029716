/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

/** Through JMS with asynchronous sends: an ActiveMQ Artemis broker in the test JVM, reached over TCP. */
class JmsBrokerDrainSmokeTest extends BrokerDrainSmokeContract {

    JmsBrokerDrainSmokeTest() {
        super("jms");
    }
}
