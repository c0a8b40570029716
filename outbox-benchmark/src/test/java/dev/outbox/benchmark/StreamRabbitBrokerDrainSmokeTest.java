/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.List;

/** Through Spring Cloud Stream's RabbitMQ binder to the RabbitMQ server of the tests. */
class StreamRabbitBrokerDrainSmokeTest extends BrokerDrainSmokeContract {

    StreamRabbitBrokerDrainSmokeTest() {
        super("stream-rabbit");
    }

    @Override
    List<String> serverOptions() {
        return RabbitBrokerDrainSmokeTest.rabbitmqUrlOption();
    }
}
