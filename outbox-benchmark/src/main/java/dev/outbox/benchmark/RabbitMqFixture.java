/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.net.URI;

import dev.outbox.sender.rabbit.RabbitMessageSender;
import dev.outbox.spi.MessageSender;
import org.springframework.amqp.core.ExchangeTypes;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * RabbitMQ at its address, and the RabbitMQ sender over a mandatory {@link RabbitTemplate} with correlated
 * publisher confirms and returns, as the sender requires. Each drain's topic is a durable fanout exchange bound to
 * one durable queue of the server's default type, so a persistent message is confirmed once the queue has it.
 */
final class RabbitMqFixture extends RabbitBrokerFixture {

    /**
     * @param url the server, {@code amqp://user:password@host:port}
     */
    RabbitMqFixture(URI url) {
        super(url, ExchangeTypes.FANOUT);
    }

    @Override
    MessageSender sender(RabbitQueues queues) {
        RabbitTemplate template = new RabbitTemplate(queues.connections());
        template.setMandatory(true);
        return new RabbitMessageSender(template);
    }

    @Override
    public String setup() {
        return "publisher confirms and returns, mandatory; a durable fanout exchange bound to a durable queue, "
                + "persistent messages";
    }

    @Override
    void closeSender() {
        // The template's connections are the destinations', which close after it.
    }
}
