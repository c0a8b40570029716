/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.List;

import dev.outbox.testing.NatsServer;

/** Through the NATS server of the tests, with JetStream. */
class NatsBrokerDrainSmokeTest extends BrokerDrainSmokeContract {

    NatsBrokerDrainSmokeTest() {
        super("nats");
    }

    @Override
    List<String> serverOptions() {
        return List.of("--nats-url=" + NatsServer.require().url());
    }
}
