/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

/** Through Kafka: one KRaft broker in the test JVM, which the phase starts and stops. */
class KafkaBrokerDrainSmokeTest extends BrokerDrainSmokeContract {

    KafkaBrokerDrainSmokeTest() {
        super("kafka");
    }
}
