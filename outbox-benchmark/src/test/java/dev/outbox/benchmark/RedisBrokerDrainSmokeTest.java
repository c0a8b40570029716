/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.List;

import dev.outbox.testing.RedisServer;

/** Through the Redis server of the tests. */
class RedisBrokerDrainSmokeTest extends BrokerDrainSmokeContract {

    RedisBrokerDrainSmokeTest() {
        super("redis");
    }

    @Override
    List<String> serverOptions() {
        RedisServer server = RedisServer.require();
        return List.of("--redis-url=redis://" + server.host() + ":" + server.port());
    }
}
