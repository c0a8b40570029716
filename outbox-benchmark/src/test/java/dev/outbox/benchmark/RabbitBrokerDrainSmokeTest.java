/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.outbox.testing.RabbitServer;

/** Through the RabbitMQ server of the tests. */
class RabbitBrokerDrainSmokeTest extends BrokerDrainSmokeContract {

    RabbitBrokerDrainSmokeTest() {
        super("rabbitmq");
    }

    @Override
    List<String> serverOptions() {
        return rabbitmqUrlOption();
    }

    /**
     * @return --rabbitmq-url with the tests' RabbitMQ server
     */
    static List<String> rabbitmqUrlOption() {
        RabbitServer server = RabbitServer.require();
        String virtualHost = "/".equals(server.virtualHost()) ? "" : "/" + encoded(server.virtualHost());
        return List.of("--rabbitmq-url=amqp://" + encoded(server.username()) + ":" + encoded(server.password()) + "@"
                + server.host() + ":" + server.port() + virtualHost);
    }

    private static String encoded(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
