/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

/** Through Spring Cloud Stream's Kafka binder to one KRaft broker in the test JVM, which the phase starts and stops. */
class StreamKafkaBrokerDrainSmokeTest extends BrokerDrainSmokeContract {

    StreamKafkaBrokerDrainSmokeTest() {
        super("stream-kafka");
    }
}
