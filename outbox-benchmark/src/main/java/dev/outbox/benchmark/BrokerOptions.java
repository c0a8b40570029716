/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;

/**
 * Which brokers phase B drains through, and where the servers that do not run in the benchmark's JVM are.
 *
 * @param brokers the brokers by name ({@link BrokerFixtures#NAMES}); empty for every broker whose server answers
 * @param rabbitmqUrl the RabbitMQ server, {@code amqp://user:password@host:port}
 * @param redisUrl the Redis server, {@code redis://host:port}
 * @param natsUrl the NATS server with JetStream, {@code nats://host:port}
 */
record BrokerOptions(List<String> brokers, URI rabbitmqUrl, URI redisUrl, URI natsUrl) {

    static final String RABBITMQ_URL = "amqp://guest:guest@127.0.0.1:5672";

    static final String REDIS_URL = "redis://127.0.0.1:6379";

    static final String NATS_URL = "nats://127.0.0.1:4222";

    /**
     * @throws IllegalArgumentException for a broker that is not one of {@link BrokerFixtures#NAMES}
     */
    BrokerOptions {
        brokers = List.copyOf(brokers);
        brokers.stream().filter(broker -> !BrokerFixtures.NAMES.contains(broker)).findFirst().ifPresent(broker -> {
            throw new IllegalArgumentException("--brokers takes " + String.join(", ", BrokerFixtures.NAMES)
                    + ", not '" + broker + "'");
        });
    }

    /**
     * @param brokers the brokers by name; empty for every broker whose server answers
     * @param rabbitmqUrl the value of --rabbitmq-url
     * @param redisUrl the value of --redis-url
     * @param natsUrl the value of --nats-url
     * @return the options
     * @throws IllegalArgumentException for an unknown broker, or a URL that is not one of its scheme with a host
     */
    static BrokerOptions of(List<String> brokers, String rabbitmqUrl, String redisUrl, String natsUrl) {
        return new BrokerOptions(brokers, url("rabbitmq-url", "amqp", 5672, rabbitmqUrl),
                url("redis-url", "redis", 6379, redisUrl), url("nats-url", "nats", 4222, natsUrl));
    }

    /** Whether --brokers named the brokers, so that one whose server does not answer fails the run. */
    boolean named() {
        return !this.brokers.isEmpty();
    }

    /** The brokers to drain through: those named, or else every one. */
    List<String> selected() {
        return named() ? this.brokers : BrokerFixtures.NAMES;
    }

    /**
     * @param url a server's URL of these options
     * @return its {@code host:port}, without the user and password it may hold
     */
    static String address(URI url) {
        return url.getHost() + ":" + url.getPort();
    }

    /**
     * @return the URL, with the scheme's port when it names none; an error names what is wrong without repeating
     * the value, which may hold a password
     */
    private static URI url(String option, String scheme, int defaultPort, String value) {
        URI uri;
        try {
            uri = new URI(value.strip());
        }
        catch (URISyntaxException ex) {
            throw new IllegalArgumentException("--" + option + " is not a URL (" + ex.getReason() + "); expected "
                    + scheme + "://host:port");
        }
        if (!scheme.equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("--" + option + " must be a URL " + scheme + "://host:port, got one "
                    + ((uri.getScheme() == null) ? "without a scheme" : "of scheme '" + uri.getScheme() + "'")
                    + ((uri.getHost() == null) ? " and without a host" : ""));
        }
        if (uri.getPort() >= 0) {
            return uri;
        }
        try {
            return new URI(uri.getScheme(), uri.getRawUserInfo(), uri.getHost(), defaultPort, uri.getRawPath(),
                    uri.getRawQuery(), uri.getRawFragment());
        }
        catch (URISyntaxException ex) {
            throw new IllegalStateException("a valid URL with a port added became invalid", ex);
        }
    }
}
