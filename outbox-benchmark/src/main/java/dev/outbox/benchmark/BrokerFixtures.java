/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The brokers phase B knows, by the name --brokers selects them by.
 */
final class BrokerFixtures {

    private static final Map<String, Function<BrokerOptions, BrokerFixture>> FIXTURES = fixtures();

    /** Every broker's name, in the order phase B drains through them. */
    static final List<String> NAMES = List.copyOf(FIXTURES.keySet());

    private BrokerFixtures() {
    }

    /**
     * @param options which brokers, and where their servers are
     * @return a maker of each selected broker's fixture, not started, by the broker's name, in the order of
     * {@link #NAMES}
     */
    static Map<String, Supplier<BrokerFixture>> selected(BrokerOptions options) {
        Map<String, Supplier<BrokerFixture>> selected = new LinkedHashMap<>();
        NAMES.stream().filter(options.selected()::contains)
                .forEach(name -> selected.put(name, () -> FIXTURES.get(name).apply(options)));
        return selected;
    }

    private static Map<String, Function<BrokerOptions, BrokerFixture>> fixtures() {
        Map<String, Function<BrokerOptions, BrokerFixture>> fixtures = new LinkedHashMap<>();
        fixtures.put("kafka", options -> new KafkaFixture());
        fixtures.put("rabbitmq", options -> new RabbitMqFixture(options.rabbitmqUrl()));
        fixtures.put("rocketmq", options -> new RocketMqFixture());
        fixtures.put("redis", options -> new RedisFixture(options.redisUrl()));
        fixtures.put("nats", options -> new NatsFixture(options.natsUrl()));
        fixtures.put("jms", options -> new JmsFixture(true));
        fixtures.put("jms-sync", options -> new JmsFixture(false));
        fixtures.put("stream-rabbit", options -> new StreamRabbitFixture(options.rabbitmqUrl()));
        fixtures.put("stream-kafka", options -> new StreamKafkaFixture());
        return fixtures;
    }
}
