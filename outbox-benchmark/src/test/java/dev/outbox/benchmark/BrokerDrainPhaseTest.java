/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * What phase B does when a broker's server does not answer: a broker that --brokers names fails the run, saying
 * where it was looked for; without --brokers, the broker is skipped and the report says why. The servers are real
 * addresses where nothing listens (port 1 of the loopback address).
 */
class BrokerDrainPhaseTest {

    private static final String NOWHERE = "127.0.0.1:1";

    private static final String REFUSED_AMQP = "org.springframework.amqp.AmqpConnectException: "
            + "java.net.ConnectException: Connection refused";

    private static final String REFUSED_REDIS = "org.springframework.data.redis.RedisConnectionFailureException: "
            + "Unable to connect to Redis";

    private static final String REFUSED_NATS = "java.io.IOException: Unable to connect to NATS servers: [nats://"
            + NOWHERE + "]";

    @Test
    void aNamedBrokerWhoseServerDoesNotAnswerFailsTheRunSayingWhere() {
        BenchmarkOptions options = BenchmarkOptions.parse("", "--url=jdbc:h2:mem:named-broker;DB_CLOSE_DELAY=-1",
                "--user=sa", "--phases=B", "--brokers=redis", "--redis-url=redis://" + NOWHERE, "--drain=10",
                "--repeat=1");

        assertThatIllegalStateException()
                .isThrownBy(() -> new Benchmark(options, new PrintStream(new ByteArrayOutputStream(), true,
                        StandardCharsets.UTF_8)).run())
                .withMessage("Phase B cannot drain through redis, which --brokers names (start its server, or leave "
                        + "it out of --brokers): No Redis server answered at " + NOWHERE + ": " + REFUSED_REDIS);
    }

    @Test
    void withoutBrokersNamedABrokerWhoseServerDoesNotAnswerIsSkippedWithTheReason() throws Exception {
        BenchmarkOptions options = BenchmarkOptions.parse("", "--url=jdbc:h2:mem:default-brokers;DB_CLOSE_DELAY=-1",
                "--user=sa", "--phases=B", "--drain=10", "--repeat=1");
        Map<String, Supplier<BrokerFixture>> brokers = new LinkedHashMap<>();
        brokers.put("rabbitmq", () -> new RabbitMqFixture(URI.create("amqp://guest:guest@" + NOWHERE)));
        brokers.put("redis", () -> new RedisFixture(URI.create("redis://" + NOWHERE)));
        brokers.put("nats", () -> new NatsFixture(URI.create("nats://" + NOWHERE)));

        PhaseReport report;
        try (BenchmarkDatabase database = new BenchmarkDatabase(options)) {
            database.recreateTables();
            report = new BrokerDrainPhase(database, options, brokers).run();
        }

        assertThat(report.measurements()).extracting(Measurement::name)
                .containsExactly("acknowledging sender (D)", "rabbitmq", "redis", "nats");
        assertThat(report.measurements().subList(1, 4)).extracting(Measurement::summary).containsExactly(
                "skipped: No RabbitMQ server answered at " + NOWHERE + ": " + REFUSED_AMQP,
                "skipped: No Redis server answered at " + NOWHERE + ": " + REFUSED_REDIS,
                "skipped: No NATS server answered at " + NOWHERE + ": " + REFUSED_NATS);
        assertThat(report.targets()).isEmpty();
    }
}
