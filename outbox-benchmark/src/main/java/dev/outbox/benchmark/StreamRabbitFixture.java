/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.net.URI;
import java.util.List;

import dev.outbox.spi.MessageSender;
import org.springframework.amqp.core.ExchangeTypes;

/**
 * RabbitMQ at its address through Spring Cloud Stream's RabbitMQ binder, and the Spring Cloud Stream sender on a
 * {@link StreamApplication} with the settings the sender requires: correlated publisher confirms and returns on the
 * binder's connection factory, and the confirm header on every binding. Each drain's topic is the destination of a
 * binding of its name: a durable topic exchange, as the binder declares it, bound for every routing key to a durable
 * queue; the binder publishes persistent messages.
 */
final class StreamRabbitFixture extends RabbitBrokerFixture {

    private StreamApplication application;

    /**
     * @param url the server, {@code amqp://user:password@host:port}
     */
    StreamRabbitFixture(URI url) {
        super(url, ExchangeTypes.TOPIC);
    }

    @Override
    MessageSender sender(RabbitQueues queues) {
        this.application = StreamApplication.start(false, List.of("spring.cloud.stream.default-binder=rabbit",
                "spring.rabbitmq.addresses=" + url(), "spring.rabbitmq.publisher-confirm-type=correlated",
                "spring.rabbitmq.publisher-returns=true",
                "spring.cloud.stream.rabbit.default.producer.use-confirm-header=true"));
        return this.application.sender();
    }

    @Override
    public String setup() {
        return "Spring Cloud Stream RabbitMQ binder: publisher confirms and returns, the confirm header; a durable "
                + "topic exchange bound to a durable queue, persistent messages";
    }

    @Override
    void closeSender() {
        if (this.application != null) {
            this.application.close();
        }
    }
}
