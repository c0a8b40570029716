/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

/**
 * Through RocketMQ: a name server and a broker in the test JVM, which the phase starts and stops. Left out of the
 * build unless {@value #RUN_VARIABLE} is {@code true}: the broker takes 13 to 26 seconds to stop (its service
 * threads each wait out a poll of up to 3 seconds, and its store sleeps 3 seconds), several times what the other
 * brokers' smoke tests take together.
 */
class RocketMqBrokerDrainSmokeTest extends BrokerDrainSmokeContract {

    /** The variable that runs this test. */
    static final String RUN_VARIABLE = "OUTBOX_BENCHMARK_ROCKETMQ_SMOKE";

    RocketMqBrokerDrainSmokeTest() {
        super("rocketmq");
    }

    @BeforeAll
    static void runOnlyWhenAskedTo() {
        String reason = "RocketMQ is left out of the benchmark's smoke test: its in-JVM broker takes 13 to 26 s to "
                + "stop; set " + RUN_VARIABLE + "=true to run it";
        boolean asked = Boolean.parseBoolean(System.getenv(RUN_VARIABLE));
        if (!asked) {
            System.err.println("SKIPPED: " + reason);
        }
        Assumptions.assumeTrue(asked, reason);
        RocketMqFixture.unsupportedJava(Runtime.version().feature()).ifPresent(unsupported -> {
            System.err.println("SKIPPED: " + unsupported);
            Assumptions.abort(unsupported);
        });
    }
}
