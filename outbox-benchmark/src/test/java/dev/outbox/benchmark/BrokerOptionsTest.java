/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.net.URI;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Phase B's options: the brokers and the addresses of their servers, with the defaults of this machine's servers.
 */
class BrokerOptionsTest {

    @Test
    void withoutOptionsEveryBrokerIsTriedOnTheLocalServers() {
        BrokerOptions options = BenchmarkOptions.parse("", "--url=jdbc:h2:mem:options").brokers();

        assertThat(options.named()).isFalse();
        assertThat(options.selected()).containsExactly("kafka", "rabbitmq", "rocketmq", "redis", "nats", "jms",
                "jms-sync", "stream-rabbit", "stream-kafka");
        assertThat(options.rabbitmqUrl()).isEqualTo(URI.create("amqp://guest:guest@127.0.0.1:5672"));
        assertThat(options.redisUrl()).isEqualTo(URI.create("redis://127.0.0.1:6379"));
        assertThat(options.natsUrl()).isEqualTo(URI.create("nats://127.0.0.1:4222"));
    }

    @Test
    void namedBrokersAreTheOnesDrainedThrough() {
        BrokerOptions options = BenchmarkOptions.parse("", "--url=jdbc:h2:mem:options", "--brokers=redis, kafka")
                .brokers();

        assertThat(options.named()).isTrue();
        assertThat(BrokerFixtures.selected(options)).containsOnlyKeys("kafka", "redis");
    }

    @Test
    void anUnknownBrokerIsRefusedWithTheKnownOnes() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BenchmarkOptions.parse("", "--url=jdbc:h2:mem:options", "--brokers=kafka,kafak"))
                .withMessage("--brokers takes kafka, rabbitmq, rocketmq, redis, nats, jms, jms-sync, stream-rabbit, "
                        + "stream-kafka, not 'kafak'");
    }

    @Test
    void aServerUrlOfAnotherSchemeOrWithoutAHostIsRefusedWithoutRepeatingIt() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BenchmarkOptions.parse("", "--url=jdbc:h2:mem:options",
                        "--rabbitmq-url=http://admin:secret@127.0.0.1:15672"))
                .withMessage("--rabbitmq-url must be a URL amqp://host:port, got one of scheme 'http'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BenchmarkOptions.parse("", "--url=jdbc:h2:mem:options", "--redis-url=localhost:6379"))
                .withMessage("--redis-url must be a URL redis://host:port, got one of scheme 'localhost' and without a "
                        + "host");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BenchmarkOptions.parse("", "--url=jdbc:h2:mem:options", "--nats-url=nats://a b"))
                .withMessage("--nats-url is not a URL (Illegal character in authority); expected nats://host:port");
    }
}
