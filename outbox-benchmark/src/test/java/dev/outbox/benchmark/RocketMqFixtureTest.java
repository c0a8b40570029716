/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Java versions phase B's in-JVM RocketMQ broker runs on, and what a run on another one is told.
 */
class RocketMqFixtureTest {

    @Test
    void theBrokerRunsOnJava17To21AndIsRefusedWithTheReasonFromJava24() {
        assertThat(RocketMqFixture.unsupportedJava(17)).isEmpty();
        assertThat(RocketMqFixture.unsupportedJava(21)).isEmpty();
        assertThat(RocketMqFixture.unsupportedJava(25)).contains("RocketMQ V5_3_3's broker cannot run in the "
                + "benchmark's JVM on Java 25: its store unmaps its files through Netty, whose cleaner on Java 24 "
                + "and later refuses buffers Netty did not allocate, so deleting a topic and stopping fail; run phase "
                + "B on Java 17 to 21 for RocketMQ");
    }
}
